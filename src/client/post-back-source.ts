// The back button returns to the list the visitor came from, kept for the
// session under postBackSource. Every link into an article writes it; the article reads it.

export const POST_BACK_SOURCE_KEY = 'postBackSource';
export type PostBackSource = 'news' | 'advice-center';

/** Called when a link into an article is followed. */
export function rememberPostBackSource(source: PostBackSource): void {
  try {
    sessionStorage.setItem(POST_BACK_SOURCE_KEY, source);
  } catch {
    // Storage can be disabled; the article then falls back to "Back to News".
  }
}

/** The list to go back to; news unless the session says otherwise (also when storage is disabled). */
export function readPostBackSource(): PostBackSource {
  try {
    return sessionStorage.getItem(POST_BACK_SOURCE_KEY) === 'advice-center' ? 'advice-center' : 'news';
  } catch {
    return 'news';
  }
}
