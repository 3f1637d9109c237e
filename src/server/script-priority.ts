// The scripts a page loads only make it respond to taps: its text, pictures and styles are all in the
// HTML already. On a phone's connection they should not compete with the page's photos for bandwidth,
// nor run before the page has been painted once, so they are fetched at low priority. The browser still
// finds them at once (the preload scanner reads the whole document), it only serves the photos first.

const MODULE_SCRIPT = /<script src="([^"]+)" type="module" async>/g;
const MODULE_PRELOAD = /<link rel="modulepreload" /g;

/** The page's HTML with its module script and module preloads marked `fetchpriority="low"`. */
export function withLowPriorityScripts(html: string): string {
  return html
    .replace(MODULE_SCRIPT, '<script src="$1" type="module" async fetchpriority="low">')
    .replace(MODULE_PRELOAD, '<link rel="modulepreload" fetchpriority="low" ');
}
