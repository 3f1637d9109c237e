import { useSyncExternalStore } from 'react';

/**
 * Whether a media query matches, kept current. The server (and the first client render, so
 * hydration agrees) answers `serverValue`; the real answer follows right after hydration.
 */
export function useMediaQuery(query: string, serverValue: boolean): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => serverValue,
  );
}

export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/** Visitors who ask for less motion get no automatic rotation or scrolling text. */
export function usePrefersReducedMotion(): boolean {
  return useMediaQuery(REDUCED_MOTION_QUERY, false);
}
