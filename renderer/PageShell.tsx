import { StrictMode, useEffect, type ReactNode } from 'react';
import type { PageContext } from 'vike/types';
import { SiteLayout } from '../src/components/SiteLayout/SiteLayout.tsx';
import '../src/styles/global.css.ts';
import { shellHydratedNow } from '../src/client/hydration-progress.ts';
import { PageContextProvider } from './usePageContext.tsx';

// Marks the page hydrated once React has attached its handlers everywhere (see src/client/hydration-progress.ts),
// so browser tests wait for a fact rather than a delay.
function HydrationMarker() {
  useEffect(shellHydratedNow, []);
  return null;
}

export function PageShell({ pageContext, children }: { pageContext: PageContext; children: ReactNode }) {
  const isAdmin = pageContext.urlPathname.startsWith('/admin');
  return (
    <StrictMode>
      <PageContextProvider pageContext={pageContext}>
        {isAdmin ? children : <SiteLayout>{children}</SiteLayout>}
        <HydrationMarker />
      </PageContextProvider>
    </StrictMode>
  );
}
