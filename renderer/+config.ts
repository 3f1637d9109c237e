import type { Config } from 'vike/types';

// https://vike.dev/config : our own render hooks; pages declare metadata through the custom `seo` setting.
export default {
  passToClient: ['settings', 'publicUrl', 'user', 'urlPathname'],
  meta: {
    seo: { env: { server: true } },
  },
  // Vike's inline scripts carry this nonce, so the Content-Security-Policy can forbid every other inline script.
  csp: { nonce: true },
} satisfies Config;
