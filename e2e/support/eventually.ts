/** Polls `check` every `everyMs` until it answers a value, or throws once `deadlineMs` has passed. */
export async function eventually<T>(
  check: () => Promise<T | undefined>,
  deadlineMs: number,
  everyMs = 100,
): Promise<T> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`not true within ${deadlineMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
