// How the pages lay out text the owner types in the Pages tab; kept apart from the schemas, so a page
// laying out its text loads no validation code.

/** Text with blank lines between paragraphs, as paragraphs. */
export function paragraphsOf(text: string): string[] {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}

/** Text with one item a line, as items. */
export function linesOf(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((item) => item.trim())
    .filter(Boolean);
}
