// Each page's stylesheet, written into its head instead of linked. A linked stylesheet blocks the first
// paint for a round trip of its own, which on a phone network is most of the time to first paint. The
// build splits the styles by the module that imports them (Vite's `cssCodeSplit`), and Vike links in
// each page the files its own modules import: the server reads those files once and writes them into the
// page as one <style> element, so a page carries the rules of its own components and not the admin's or
// the booking form's, which the browser would otherwise parse and match on every page. The policy sent
// with a page allows exactly its element by its hash, so no other <style> element can apply.
import { readFileSync } from 'node:fs';
import { join, normalize } from 'node:path';
import { cspSourceOf } from '../http/csp-source.ts';
import type { LinkRemoval } from './page-assembly.ts';

export interface InlineStylesheet {
  css: string;
  /** The CSP source allowing this stylesheet, `'sha256-…'`. */
  cspSource: string;
  /** The whole Content-Security-Policy header of a page carrying this stylesheet. */
  contentSecurityPolicy: string;
  /** `<style>…</style>` as bytes, ready to go between a page's own. */
  element: Buffer;
}

/**
 * Vike's link to one of the page's stylesheets, as it writes it into the head. The pattern starts with
 * its fixed text, which the regular expression engine looks for first; the line's indent before it is
 * taken out with it (stylesheetLinksIn).
 */
const STYLESHEET_LINK = /<link rel="stylesheet" type="text\/css" href="(\/assets\/[^"]+\.css)">/g;

/**
 * The built stylesheets under `clientDir` (dist/client), put together per page. A page links a few of
 * some thirty files; the site's pages link a score of different sets, each worked out on its first
 * render and remembered after, so a later render only looks its set up.
 */
export class PageStylesheets {
  private readonly files = new Map<string, string>();
  private readonly sets = new Map<string, InlineStylesheet>();

  /** `policyFor` gives the page policy that allows one more inline stylesheet, by its CSP source. */
  constructor(
    private readonly clientDir: string,
    private readonly policyFor: (styleSource: string) => string,
  ) {}

  /**
   * The stylesheets at `hrefs`, in that order (the order of the page's imports, which the cascade
   * follows), as one inline stylesheet; null for none.
   */
  of(hrefs: string[]): InlineStylesheet | null {
    if (hrefs.length === 0) return null;
    const key = hrefs.join(' ');
    let stylesheet = this.sets.get(key);
    if (!stylesheet) {
      const css = hrefs.map((href) => this.file(href)).join('');
      const cspSource = cspSourceOf(css);
      stylesheet = {
        css,
        cspSource,
        contentSecurityPolicy: this.policyFor(cspSource),
        element: Buffer.from(`<style>${css}</style>`),
      };
      this.sets.set(key, stylesheet);
    }
    return stylesheet;
  }

  private file(href: string): string {
    let css = this.files.get(href);
    if (css === undefined) {
      const path = normalize(join(this.clientDir, href));
      if (!path.startsWith(join(this.clientDir, 'assets')))
        throw new Error(`stylesheet outside the built assets: ${href}`);
      css = readFileSync(path, 'utf8');
      this.files.set(href, css);
    }
    return css;
  }
}

/**
 * Each of Vike's links to the page's stylesheets in `document`, in order, with what it links: taken out
 * with the line break and indent before it, which Vike wrote for it.
 */
export function stylesheetLinksIn(document: string): LinkRemoval[] {
  return [...document.matchAll(STYLESHEET_LINK)].map((match) => {
    let start = match.index;
    while (start > 0 && (document[start - 1] === ' ' || document[start - 1] === '\t')) start--;
    if (start > 0 && document[start - 1] === '\n') start--;
    return { start, end: match.index + match[0].length, replacement: '', href: match[1]! };
  });
}
