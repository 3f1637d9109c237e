/**
 * Tells when the whole page is hydrated: the shell first, then each HydrationBoundary, which React
 * hydrates later and one at a time. Browser tests wait for `<html data-hydrated="true">`, a fact,
 * instead of a delay; it must not appear while a boundary's handlers are still missing.
 */
let shellHydrated = false;
let boundariesPending = 0;

function markWhenComplete() {
  if (shellHydrated && boundariesPending === 0) document.documentElement.dataset.hydrated = 'true';
}

/** Called by each boundary as the shell around it commits: one more part to wait for. */
export function boundaryPending(): void {
  boundariesPending++;
}

/** Called once the boundary's own content has hydrated. */
export function boundaryHydrated(): void {
  boundariesPending--;
  markWhenComplete();
}

/** Called by the page shell as it commits, after the boundaries inside it have announced themselves. */
export function shellHydratedNow(): void {
  shellHydrated = true;
  markWhenComplete();
}
