/**
 * Code a form needs only once the visitor uses it, such as its schema: fetched the first time it is
 * asked for, then kept. `warm` starts the fetch early (on the first focus in the form), so that it has
 * arrived by the time the visitor presses the button. A failed fetch (the connection dropped) is
 * tried again on the next call.
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
      // A failure here is reported by the get() of the submit that needs it.
      get().catch(() => {});
    },
  };
}
