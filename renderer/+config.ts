import type { Config } from 'vike/types';

// https://vike.dev/config : our own render hooks; pages declare metadata through the custom `seo` setting.
export default {
  passToClient: ['settings', 'publicUrl', 'user', 'urlPathname', 'urlParsed', 'formPost', 'formStamp'],
  meta: {
    seo: { env: { server: true } },
  },
  // No `csp.nonce`: with server routing Vike writes no inline script that runs (its page context is a JSON
  // data block and its entry an external module), so `script-src 'self'` forbids every inline script
  // outright, and every visitor gets the same bytes, which the page cache compresses once
  // (docs/decisions/023-no-csp-nonce-compressed-page-cache.md).
} satisfies Config;
