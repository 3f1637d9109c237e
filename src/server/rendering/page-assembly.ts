// A page's bytes are put together after Vike has written its own tags into the document. Vike's way of
// placing its tags (regular expressions for the head and body tags, the whole document split into lines
// to indent them) took longer than React's render of the page itself when the document held the body.
// So the document Vike is given is short, a few kilobytes of head, with placeholders: where Vike's own
// tags go, which it then cuts the document at, and where the page's body (React's render) and the page's
// stylesheet go, which the server puts in place afterwards.
import { stylesheetLinksIn, type InlineStylesheet, type PageStylesheets } from './inline-stylesheet.ts';
import { scriptsAfterFirstPaint } from './script-priority.ts';

/** Where the document takes the page's body. */
export const PAGE_HTML_PLACEHOLDER = '<!--page-html-->';

/**
 * Where Vike writes its tags for the head (the links to the page's stylesheets) and for the end of the
 * body (the page's browser data and its scripts). Without these Vike finds the places itself: regular
 * expressions for the tags, the whole document split into lines to copy their indentation, and a
 * regular expression over its own tags, the page's browser data among them, to put each on a line of
 * its own, some 7% of a fresh render of the home page. With them it cuts the document at each once.
 */
export const VIKE_HEAD_TAGS_PLACEHOLDER = '__VITE_PLUGIN_SSR__ASSETS_FIRST__';
export const VIKE_BODY_TAGS_PLACEHOLDER = '__VITE_PLUGIN__SSR_ASSETS_LAST__';

/**
 * Where a page's head takes its stylesheet (inline-stylesheet.ts); in development the placeholder is
 * left out and pages link their stylesheets as Vike writes them.
 */
export const STYLESHEET_PLACEHOLDER = '<!--page-stylesheet-->';

/** A stretch of Vike's document left out of the page, and what the page has in its place. */
export interface DocumentEdit {
  start: number;
  end: number;
  replacement: string | Buffer;
}

/** An edit taking out one of Vike's links (a stylesheet, a module preload), with what it linked. */
export interface LinkRemoval extends DocumentEdit {
  href: string;
}

/**
 * The page's bytes: `vikeDocument`, as Vike wrote it, with the page's body in place of its placeholder,
 * the page's scripts added after its first paint (script-priority.ts) and, given `stylesheets`, the
 * files Vike linked as one inline stylesheet in place of theirs, without the links. Only the document is
 * searched, so a placeholder's text inside the body (an article quoting it) stays text.
 *
 * Every change is noted as an edit of the document, and the page written once (withEdits): the home
 * page's document and body were copied five times over before, as strings and as bytes.
 * The links are taken out here rather than by Vike's `injectFilter`: with a filter, Vike freezes each of
 * the page's assets property by property and checks them twice, 2% of a fresh render.
 */
export function assemblePage(
  vikeDocument: string,
  pageHtml: string,
  stylesheets: PageStylesheets | null | undefined,
): { body: Buffer; stylesheet: InlineStylesheet | null } {
  const edits = scriptsAfterFirstPaint(vikeDocument);
  let stylesheet: InlineStylesheet | null = null;
  const stylesheetAt = stylesheets ? vikeDocument.indexOf(STYLESHEET_PLACEHOLDER) : -1;
  if (stylesheetAt !== -1) {
    const links = stylesheetLinksIn(vikeDocument);
    stylesheet = stylesheets!.of(links.map(({ href }) => href));
    const end = stylesheetAt + STYLESHEET_PLACEHOLDER.length;
    edits.push(...links, { start: stylesheetAt, end, replacement: stylesheet?.element ?? '' });
  }
  const pageAt = vikeDocument.indexOf(PAGE_HTML_PLACEHOLDER);
  if (pageAt !== -1)
    edits.push({ start: pageAt, end: pageAt + PAGE_HTML_PLACEHOLDER.length, replacement: pageHtml });
  return { body: withEdits(vikeDocument, edits), stylesheet };
}

/**
 * Where pages are written before being copied out at their size: counting a page's UTF-8 bytes first
 * took longer than copying it. Grows, from the first render on, to the room the largest page may need;
 * one page is written at a time, as writing does not wait.
 */
let scratch = Buffer.allocUnsafeSlow(0);

/** `document` with `edits`, which do not overlap, as UTF-8 bytes. */
export function withEdits(document: string, edits: DocumentEdit[]): Buffer {
  edits.sort((a, b) => a.start - b.start);
  const pieces: (string | Buffer)[] = [];
  let from = 0;
  for (const { start, end, replacement } of edits) {
    pieces.push(document.slice(from, start), replacement);
    from = end;
  }
  pieces.push(document.slice(from));
  // A UTF-16 code unit takes at most three bytes in UTF-8 (a pair of them, four).
  let room = 0;
  for (const piece of pieces) room += typeof piece === 'string' ? piece.length * 3 : piece.length;
  if (scratch.length < room) scratch = Buffer.allocUnsafeSlow(room);
  let at = 0;
  for (const piece of pieces)
    at += typeof piece === 'string' ? scratch.write(piece, at) : piece.copy(scratch, at);
  return Buffer.from(scratch.subarray(0, at));
}
