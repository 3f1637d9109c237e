import { describe, expect, it } from 'vitest';
import { securityHeadersFor } from './security-headers.ts';

describe('securityHeadersFor', () => {
  it("gives helmet's headers for the options, with the policy as written", () => {
    const headers = securityHeadersFor({
      contentSecurityPolicy: {
        directives: { defaultSrc: ["'self'"], scriptSrc: ["'self'"], frameAncestors: ["'none'"] },
      },
      hsts: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    });
    expect(headers['content-security-policy']).toContain("script-src 'self'");
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-frame-options': 'SAMEORIGIN',
    });
    expect(headers).not.toHaveProperty('strict-transport-security');
  });
});
