/** What every zod error has, from `zod` and `zod/mini` alike. */
interface SchemaIssues {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}

/**
 * What a form shows next to each field: the first message of each field's issues, keyed by the
 * field's path ("phone", "businessHours.monday"); "_" for a whole-object issue.
 */
export function firstMessageByField(error: SchemaIssues): Record<string, string> {
  const found: Record<string, string> = {};
  for (const issue of error.issues) found[issue.path.map(String).join('.') || '_'] ??= issue.message;
  return found;
}
