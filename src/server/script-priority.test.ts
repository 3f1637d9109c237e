import { describe, expect, it } from 'vitest';
import { withLowPriorityScripts } from './script-priority.ts';

describe('withLowPriorityScripts', () => {
  it('marks the entry script and every module preload low priority, and nothing else', () => {
    const html = [
      '<img src="/images/hero-800.webp" fetchpriority="high">',
      '<script id="vike_pageContext" type="application/json">{"a":1}</script>',
      '<script src="/assets/entries/entry-server-routing.C.js" type="module" async></script>',
      '<link rel="modulepreload" href="/assets/chunks/chunk-A.js" as="script" type="text/javascript">',
      '<link rel="modulepreload" href="/assets/chunks/chunk-B.js" as="script" type="text/javascript">',
    ].join('\n');
    expect(withLowPriorityScripts(html).split('\n')).toEqual([
      '<img src="/images/hero-800.webp" fetchpriority="high">',
      '<script id="vike_pageContext" type="application/json">{"a":1}</script>',
      '<script src="/assets/entries/entry-server-routing.C.js" type="module" async fetchpriority="low"></script>',
      '<link rel="modulepreload" fetchpriority="low" href="/assets/chunks/chunk-A.js" as="script" type="text/javascript">',
      '<link rel="modulepreload" fetchpriority="low" href="/assets/chunks/chunk-B.js" as="script" type="text/javascript">',
    ]);
  });
});
