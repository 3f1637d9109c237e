/** Hash targets land this far below the top of the window, clear of the sticky header. */
export const HASH_SCROLL_OFFSET_PX = 100;
