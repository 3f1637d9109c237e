// https://vike.dev/onRenderClient : hydrate the server's HTML (server routing: one hydration per load).
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { OnRenderClientAsync } from 'vike/types';
import { countCallTaps } from '../src/client/call-beacon.ts';
import { PageShell } from './PageShell.tsx';
import { setCompanyTimeZone } from '../src/shared/company-time.ts';

export const onRenderClient: OnRenderClientAsync = async (pageContext) => {
  const { Page } = pageContext;
  const root = document.getElementById('root');
  if (!root || !Page) return;
  countCallTaps();
  // Dates are formatted in the company's zone, as the server formatted them in the HTML.
  setCompanyTimeZone(pageContext.settings.timeZone);
  // The server's page adds this code once the browser has painted it (src/server/rendering/script-priority.ts).
  // Hydrating in the next task, not this one, splits evaluating the code from hydrating, which as one
  // task on a slow phone is long enough to delay a tap.
  await new Promise((resolve) => setTimeout(resolve, 0));
  // Hydrating inside a transition lets React yield to the browser every few milliseconds instead of
  // holding the main thread for the whole page: on a slow phone that is the difference between one
  // long task and many short ones (https://react.dev/reference/react-dom/client/hydrateRoot).
  startTransition(() => {
    hydrateRoot(
      root,
      <PageShell pageContext={pageContext}>
        <Page />
      </PageShell>,
    );
  });
};
