// Mail and password hashing each bring a native library or a large module tree of 10 to 26 MB and up
// to a tenth of a second of start. Most of a server's life needs none of them (a visitor reading a page
// uses none), so each is loaded the first time it is needed, then kept.
import { loadOnFirstUse } from '../../shared/load-on-first-use.ts';

export const nodemailerModule = loadOnFirstUse(async () => (await import('nodemailer')).default);
export const argon2Module = loadOnFirstUse(() => import('@node-rs/argon2'));
