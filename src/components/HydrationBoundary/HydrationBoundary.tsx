import { Suspense, useEffect, useLayoutEffect, type ReactNode } from 'react';
import { boundaryHydrated, boundaryPending } from '../../client/hydration-progress.ts';

function HydratedSignal() {
  useEffect(boundaryHydrated, []);
  return null;
}

/**
 * A part of the page that React hydrates on its own, after the parts around it. Nothing here ever
 * suspends, so the server HTML is the same; what changes is the browser's work: without boundaries
 * the whole page is hydrated and committed as one piece, a task of 100 to 300 ms on a slow phone;
 * with them each part is its own short task, and a tap on a part not yet hydrated makes React
 * hydrate that part first (https://react.dev/reference/react/Suspense).
 */
export function HydrationBoundary({ children }: { children: ReactNode }) {
  // A layout effect, so the count is up before the page shell's own effects ask whether all is done.
  useLayoutEffect(boundaryPending, []);
  return (
    <Suspense fallback={null}>
      {children}
      <HydratedSignal />
    </Suspense>
  );
}
