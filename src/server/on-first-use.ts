// Mail and password hashing each bring a native library or a large module tree of 10 to 26 MB and up
// to a tenth of a second of start. Most of a server's life needs none of them (a visitor reading a page
// uses none), so each is loaded the first time it is needed, then kept.

export function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => {
    loaded ??= load().catch((error: unknown) => {
      loaded = undefined;
      throw error;
    });
    return loaded;
  };
}

export const loadNodemailer = onFirstUse(async () => (await import('nodemailer')).default);
export const loadArgon2 = onFirstUse(() => import('@node-rs/argon2'));
