import type { Config } from 'vike/types';

// https://vike.dev/config : our own render hooks; pages declare metadata through the custom `seo` setting.
export default {
  passToClient: [
    'settings',
    'serviceLinks',
    'footerLine',
    'publicUrl',
    'user',
    'urlPathname',
    'query',
    'formPost',
    'formStamp',
  ],
  // https://vike.dev/meta : settings of our own.
  meta: {
    seo: { env: { server: true } },
    // What a public page reads, declared in its own +config.ts. The page cache keys a page by the query
    // parameters it reads and drops it when a table it reads changes (src/server/caching/page-reads.ts). Eager,
    // so the server knows every page's declarations before rendering any.
    queryParams: { env: { server: true }, eager: true },
    tables: { env: { server: true }, eager: true, cumulative: true },
  },
  // Every page's settings, the owner's metadata for it, the services its footer lists and the footer's
  // line, read by the server for each render (src/server/rendering/ssr.ts) before the page's own data.
  tables: ['settings', 'seo_metadata', 'services', 'page_texts:footer'],
  // No `csp.nonce`: with server routing Vike writes no inline script that runs (its page context is a JSON
  // data block and its entry an external module), so `script-src 'self'` forbids every inline script
  // outright, and every visitor gets the same bytes, which the page cache compresses once
  // (docs/decisions/023-no-csp-nonce-compressed-page-cache.md).
} satisfies Config;
