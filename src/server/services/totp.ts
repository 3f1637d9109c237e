// RFC 6238 time-based one-time passwords as every authenticator app reads them: HMAC-SHA-1, 6 digits,
// 30-second steps (https://www.rfc-editor.org/rfc/rfc6238), written on node:crypto, whose HMAC is the
// one thing it needs. The secret travels to the app in a key URI
// (https://github.com/google/google-authenticator/wiki/Key-Uri-Format), shown as a QR code.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { decodeBase32IgnorePadding, encodeBase32UpperCaseNoPadding } from '@oslojs/encoding';
import { renderSVG } from 'uqr';

export const TOTP_STEP_SECONDS = 30;
const DIGITS = 6;

/** 20 random bytes (160 bits), the length RFC 4226 recommends for HMAC-SHA-1. */
export function generateTotpSecret(): Uint8Array {
  return new Uint8Array(randomBytes(20));
}

export function encodeTotpSecret(secret: Uint8Array): string {
  return encodeBase32UpperCaseNoPadding(secret);
}

export function decodeTotpSecret(encoded: string): Uint8Array {
  return decodeBase32IgnorePadding(encoded);
}

/** The 30-second step a moment falls in. */
export function totpStepAt(now: Date): number {
  return Math.floor(now.getTime() / 1000 / TOTP_STEP_SECONDS);
}

/** RFC 4226's HOTP of one counter value: the code an app shows during that step. */
export function hotp(secret: Uint8Array, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac('sha1', secret).update(message).digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** DIGITS).padStart(DIGITS, '0');
}

/**
 * The step whose code this is, looking one step either side of now (a phone's clock a little off, a code
 * typed as it changed), or null. The caller refuses a step already used.
 */
export function matchingTotpStep(secret: Uint8Array, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const current = totpStepAt(now);
  for (const step of [current, current - 1, current + 1]) {
    if (timingSafeEqual(Buffer.from(hotp(secret, step)), Buffer.from(code))) return step;
  }
  return null;
}

/** The key URI an authenticator app reads from the QR code: issuer and account name it shows. */
export function totpKeyUri(secret: Uint8Array, issuer: string, accountName: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(accountName)}`;
  const query = new URLSearchParams({
    secret: encodeTotpSecret(secret),
    issuer,
    algorithm: 'SHA1',
    digits: String(DIGITS),
    period: String(TOTP_STEP_SECONDS),
  });
  return `otpauth://totp/${label}?${query.toString()}`;
}

/** The key URI as an SVG QR code, drawn on the server: nothing about the secret leaves for a third party. */
export function totpQrSvg(keyUri: string): string {
  return renderSVG(keyUri, { ecc: 'M', border: 2 });
}
