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
