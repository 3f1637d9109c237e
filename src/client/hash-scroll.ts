import { useEffect } from 'react';
import { HASH_SCROLL_OFFSET_PX } from './hash-scroll-offset.ts';

export { HASH_SCROLL_OFFSET_PX };

function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Lays out in full whatever stands above `target` and is left out of layout until it comes near the
 * screen (`content-visibility: auto`, the later sections of a page). Such a section counts its guessed
 * height until then: a scroll measured against the guesses would land off the target by the difference,
 * once the sections it passes take their real heights.
 */
function layOutAbove(target: Element): void {
  for (let node: Element | null = target; node && node !== document.body; node = node.parentElement)
    for (let sibling = node.previousElementSibling; sibling; sibling = sibling.previousElementSibling)
      if (sibling instanceof HTMLElement && getComputedStyle(sibling).contentVisibility === 'auto')
        sibling.style.contentVisibility = 'visible';
}

/** Scrolls to the element a hash names; false when there is no such element. */
export function scrollToHash(hash: string, offset = HASH_SCROLL_OFFSET_PX): boolean {
  const id = decodeURIComponent(hash.replace(/^#/, ''));
  const target = id ? document.getElementById(id) : null;
  if (!target) return false;
  layOutAbove(target);
  const top = target.getBoundingClientRect().top + window.scrollY - offset;
  window.scrollTo({ top, behavior: prefersReducedMotion() ? 'instant' : 'smooth' });
  return true;
}

/**
 * On load with a hash, and when an in-page link carrying a hash is clicked,
 * scroll smoothly to the target with a 100 px offset. Targets also carry `scroll-margin-top` so the
 * browser's own jump (before hydration, or without JavaScript) lands at the same place.
 */
export function useHashScroll(offset = HASH_SCROLL_OFFSET_PX): void {
  useEffect(() => {
    if (window.location.hash) scrollToHash(window.location.hash, offset);

    const onClick = (event: MouseEvent) => {
      if (
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      )
        return;
      const link = (event.target as Element | null)?.closest?.('a[href*="#"]');
      if (!(link instanceof HTMLAnchorElement)) return;
      const url = new URL(link.href);
      if (
        url.origin !== window.location.origin ||
        url.pathname !== window.location.pathname ||
        url.search !== window.location.search
      )
        return;
      if (!scrollToHash(url.hash, offset)) return;
      event.preventDefault();
      history.pushState(null, '', url.hash);
      // Keyboard and screen-reader users continue from the section they jumped to.
      const target = document.getElementById(decodeURIComponent(url.hash.slice(1)));
      if (target && target.tabIndex < 0 && !target.hasAttribute('tabindex'))
        target.setAttribute('tabindex', '-1');
      target?.focus({ preventScroll: true });
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [offset]);
}
