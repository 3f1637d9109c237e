import { describe, expect, it } from 'vitest';
import { hotp, matchingTotpStep, totpKeyUri, totpQrSvg, totpStepAt } from './totp.ts';

// RFC 6238 appendix B, SHA-1 rows, with the last six of the eight digits every authenticator app shows.
const rfcSecret = new TextEncoder().encode('12345678901234567890');
const rfcVectors: [number, string][] = [
  [59, '287082'],
  [1111111109, '081804'],
  [1111111111, '050471'],
  [1234567890, '005924'],
  [2000000000, '279037'],
  [20000000000, '353130'],
];

describe('TOTP (RFC 6238)', () => {
  it.each(rfcVectors)('at %i s the code is %s', (seconds, code) => {
    expect(hotp(rfcSecret, totpStepAt(new Date(seconds * 1000)))).toBe(code);
  });

  it('accepts the code of the step before and after, and nothing further', () => {
    const now = new Date(1111111111 * 1000);
    const step = totpStepAt(now);
    expect(matchingTotpStep(rfcSecret, hotp(rfcSecret, step - 1), now)).toBe(step - 1);
    expect(matchingTotpStep(rfcSecret, hotp(rfcSecret, step + 1), now)).toBe(step + 1);
    expect(matchingTotpStep(rfcSecret, hotp(rfcSecret, step - 2), now)).toBeNull();
    expect(matchingTotpStep(rfcSecret, '12345', now)).toBeNull();
  });

  it('names the secret, issuer and parameters in the key URI and draws it as an SVG QR code', () => {
    const uri = totpKeyUri(rfcSecret, 'Cumming Plumbing Pros', 'owner');
    expect(uri).toBe(
      'otpauth://totp/Cumming%20Plumbing%20Pros:owner?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=Cumming+Plumbing+Pros&algorithm=SHA1&digits=6&period=30',
    );
    const svg = totpQrSvg(uri);
    expect(svg).toMatch(/^<svg[^>]*viewBox/);
    expect(svg).not.toContain('GEZDGNBV');
  });
});
