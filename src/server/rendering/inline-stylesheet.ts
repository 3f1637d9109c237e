// The site's one stylesheet, written into the head of every page instead of linked. A linked stylesheet
// blocks the first paint for a round trip of its own, which on a phone network is most of the time to
// first paint; inlined, it costs about 6 KB more of each compressed page (the build makes one
// stylesheet for the whole site). The policy allows exactly these bytes by their hash, so no other
// <style> element can apply.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cspSourceOf } from '../http/csp-source.ts';

export interface InlineStylesheet {
  css: string;
  /** The CSP source allowing this stylesheet, `'sha256-…'`. */
  cspSource: string;
  /** `<style>…</style>` as bytes, ready to go between a page's own. */
  element: Buffer;
  /** Where the file is served, which Vike links in each page's head and the server takes out. */
  href: string;
}

/**
 * The site's built stylesheet under `clientDir` (dist/client), or null when there is not exactly one:
 * then pages link their stylesheets as Vike writes them.
 */
export function builtStylesheet(clientDir: string): InlineStylesheet | null {
  const folder = join(clientDir, 'assets', 'static');
  let names: string[];
  try {
    // The build writes the site's stylesheet as style.<hash>.css; others there (the admin chart's) are
    // linked by the code that needs them.
    names = readdirSync(folder).filter((name) => /^style\.[\w-]+\.css$/.test(name));
  } catch {
    return null;
  }
  if (names.length !== 1) return null;
  const css = readFileSync(join(folder, names[0]!), 'utf8');
  return {
    css,
    cspSource: cspSourceOf(css),
    element: Buffer.from(`<style>${css}</style>`),
    href: `/assets/static/${names[0]}`,
  };
}
