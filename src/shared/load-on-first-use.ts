/**
 * Code needed only once something uses it, loaded the first time it is asked for, then kept: a form's
 * schema in the browser, mail or password hashing on the server. `warm` starts the load early (on the
 * first focus in the form, once the server listens), so that it has arrived when it is needed. A failed
 * load (a dropped connection) is tried again on the next call.
 */
export function loadOnFirstUse<T>(load: () => Promise<T>): { get: () => Promise<T>; warm: () => void } {
  let loading: Promise<T> | undefined;
  const get = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  return {
    get,
    warm: () => {
      // A failure here is reported by the get() of whatever needs it.
      get().catch(() => {});
    },
  };
}
