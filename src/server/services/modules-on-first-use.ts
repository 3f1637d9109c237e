// Mail, password hashing and the list of common passwords each bring a native library or a large module tree of 10 to 26 MB and up
// to a tenth of a second of start. Most of a server's life needs none of them (a visitor reading a page
// uses none), so each is loaded the first time it is needed, then kept.
import { loadOnFirstUse } from '../../shared/load-on-first-use.ts';

export const nodemailerModule = loadOnFirstUse(async () => (await import('nodemailer')).default);
export const argon2Module = loadOnFirstUse(() => import('@node-rs/argon2'));
/** The common and breached passwords zxcvbn-ts ships (about 50,000), as a set of lowercase words. */
export const commonPasswordsModule = loadOnFirstUse(async () => {
  const { dictionary } = await import('@zxcvbn-ts/language-common');
  return new Set(dictionary['passwords-common'].map((word) => word.toLowerCase()));
});
/** WebAuthn's checks (CBOR, COSE keys, certificates): wanted only when someone uses a passkey. */
export const webauthnModule = loadOnFirstUse(() => import('@simplewebauthn/server'));
