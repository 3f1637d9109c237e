/**
 * `compute` remembered by its argument, for a pure function that a render calls many times over few
 * distinct inputs (a post's date, a picture's name). The first `limit` distinct inputs are kept; the
 * next one starts the memory afresh, so it never holds more than that whatever the inputs.
 */
export function remembered<Result>(
  compute: (input: string) => Result,
  limit = 1000,
): (input: string) => Result {
  const results = new Map<string, Result>();
  return (input) => {
    if (results.has(input)) return results.get(input)!;
    const result = compute(input);
    if (results.size >= limit) results.clear();
    results.set(input, result);
    return result;
  };
}

/**
 * `compute` remembered for the arguments of its last call, compared by identity: for a result made
 * from objects the read cache keeps (the settings, a list of services), which stay the same objects
 * until the database changes, and are then new ones. One result is kept, so concurrent renders of
 * the same data share it and an edit replaces it.
 */
export function rememberedLast<Args extends unknown[], Result>(
  compute: (...args: Args) => Result,
): (...args: Args) => Result {
  let last: { args: Args; result: Result } | undefined;
  return (...args) => {
    if (last && last.args.length === args.length && last.args.every((arg, index) => arg === args[index]))
      return last.result;
    const result = compute(...args);
    last = { args, result };
    return result;
  };
}

/**
 * `compute` remembered per object, for as long as the object lives: for objects that are never
 * changed once made (a page's structured data).
 */
export function rememberedPerObject<Input extends object, Result>(
  compute: (input: Input) => Result,
): (input: Input) => Result {
  const results = new WeakMap<Input, Result>();
  return (input) => {
    if (results.has(input)) return results.get(input)!;
    const result = compute(input);
    results.set(input, result);
    return result;
  };
}
