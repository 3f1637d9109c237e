// The least a React 19 page can do: hydrate one paragraph. `npm run bench` measures it with the same
// phone profile as the site's pages, so the figures show which part of the blocking time React itself
// costs on this machine.
import { createElement, startTransition, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';

function Paragraph() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return createElement('p', null, 'Hello from the server');
}

startTransition(() => {
  hydrateRoot(document.getElementById('root')!, createElement(Paragraph));
});
