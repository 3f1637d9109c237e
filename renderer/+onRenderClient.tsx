// https://vike.dev/onRenderClient : hydrate the server's HTML (server routing: one hydration per load).
import { hydrateRoot } from 'react-dom/client';
import type { OnRenderClientAsync } from 'vike/types';
import { PageShell } from './PageShell.tsx';

export const onRenderClient: OnRenderClientAsync = async (pageContext) => {
  const { Page } = pageContext;
  const root = document.getElementById('root');
  if (!root || !Page) return;
  hydrateRoot(
    root,
    <PageShell pageContext={pageContext}>
      <Page />
    </PageShell>,
  );
};
