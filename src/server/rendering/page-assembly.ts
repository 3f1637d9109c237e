// A page's bytes are put together after Vike has written its own tags into the document. Vike finds
// where they go with regular expressions over the whole document and splits it into lines to indent
// them: several passes over every byte of every render, which took longer than React's render of the
// page itself. So the document Vike is given holds placeholders where the page's body (React's render)
// and the page's stylesheet go, a kilobyte in all, and the server puts them in place afterwards.
import { withoutStylesheetLinks, type InlineStylesheet } from './inline-stylesheet.ts';

/** Where the document takes the page's body. */
export const PAGE_HTML_PLACEHOLDER = '<!--page-html-->';

/**
 * Where a page's head takes its stylesheet (inline-stylesheet.ts); in development the placeholder is
 * left out and pages link their stylesheets as Vike writes them.
 */
export const STYLESHEET_PLACEHOLDER = '<!--page-stylesheet-->';

/**
 * The page's bytes: `document`, as Vike wrote it, with the page's body and its stylesheet (the files
 * Vike linked, put together: PageStylesheets.linkedIn) in place of their placeholders, and without
 * Vike's links to those files. Only the document is searched, so a placeholder's text inside the body
 * (an article quoting it) stays text.
 *
 * The links are taken out here rather than by Vike's `injectFilter`: with a filter, Vike freezes each
 * of the page's assets property by property and checks them twice, 2% of a fresh render.
 */
export function assemblePage(
  vikeDocument: string,
  pageHtml: string,
  stylesheet: InlineStylesheet | null | undefined,
): Buffer {
  const document = stylesheet ? withoutStylesheetLinks(vikeDocument) : vikeDocument;
  const fills: { at: number; placeholder: string; bytes: Buffer }[] = [];
  const stylesheetAt = stylesheet ? document.indexOf(STYLESHEET_PLACEHOLDER) : -1;
  if (stylesheetAt !== -1)
    fills.push({ at: stylesheetAt, placeholder: STYLESHEET_PLACEHOLDER, bytes: stylesheet!.element });
  const pageAt = document.indexOf(PAGE_HTML_PLACEHOLDER);
  if (pageAt !== -1)
    fills.push({ at: pageAt, placeholder: PAGE_HTML_PLACEHOLDER, bytes: Buffer.from(pageHtml) });
  fills.sort((a, b) => a.at - b.at);
  const parts: Buffer[] = [];
  let from = 0;
  for (const { at, placeholder, bytes } of fills) {
    parts.push(Buffer.from(document.slice(from, at)), bytes);
    from = at + placeholder.length;
  }
  parts.push(Buffer.from(document.slice(from)));
  return Buffer.concat(parts);
}
