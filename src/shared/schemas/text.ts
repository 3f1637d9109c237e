// zod/mini, so public forms can load it cheaply; its checks plug into `zod` schemas as well, since both
// share zod's core (docs/decisions/025-public-form-schemas-light-and-loaded-on-use.md).
import { z } from 'zod/mini';

/**
 * Control characters no person types. NUL above all: PostgreSQL refuses it in text, so it would turn a
 * visitor's typo-free request into a server error. Tab and newline are ordinary typing everywhere.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const SINGLE_LINE_CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;
/** Multi-line text may also hold carriage returns, which browsers send for every line break of a textarea. */
// eslint-disable-next-line no-control-regex -- as above
const MULTILINE_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

export interface TextOptions {
  /** Text from a textarea or an editor: carriage returns allowed. */
  multiline?: boolean;
}

export function hasForbiddenControlCharacter(value: string, options: TextOptions = {}): boolean {
  return (options.multiline ? MULTILINE_CONTROL : SINGLE_LINE_CONTROL).test(value);
}

/**
 * The check every text field of every schema carries, for `zod` (`.check(plainText('Name'))`) and
 * `zod/mini` alike. The message names the field, so a form can show it next to that field.
 */
export function plainText(label: string, options: TextOptions = {}) {
  return z.refine<string>((value) => !hasForbiddenControlCharacter(value, options), {
    error: `${label} must not contain control characters`,
  });
}
