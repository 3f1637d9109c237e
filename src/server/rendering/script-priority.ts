// The scripts a page loads only make it respond to taps: its text, pictures and styles are all in the
// HTML already. So the page asks for them once the browser has painted it, not before: fetched as soon
// as the HTML is read (as a module script and its preloads are), they would share a phone's connection
// with the page's photos and, arriving first on a fast one, be evaluated before the first paint, on a
// slow phone's processor a few hundred milliseconds of it.
import { cspSourceOf } from '../http/csp-source.ts';
import type { DocumentEdit, LinkRemoval } from './page-assembly.ts';

// Vike writes them after the page's data, at the end of a document of some 20 KB: found by plain
// searches for their fixed text, where two regular expressions trying every position took 2% of a
// fresh render.
const MODULE_SCRIPT_START = '<script src="';
const MODULE_SCRIPT_END = '" type="module" async></script>';
const MODULE_PRELOAD_START = '<link rel="modulepreload" href="';

/**
 * A browser that lists paint timing but never reports the paint still gets the scripts this long after
 * the page is read.
 */
const SCRIPTS_AT_THE_LATEST_MS = 3000;

/**
 * Adds the module preloads, then the page's module script, starting in the task after the browser
 * reports the page's first contentful paint. Waiting for the next frame was not enough: a frame is shown
 * a little after it is drawn, and the scripts asked for in between still counted as fetched before the
 * first paint (Lighthouse then adds their download on a slow phone network to it). A browser that
 * reports no paints waits for the next frame instead, and none waits longer than
 * SCRIPTS_AT_THE_LATEST_MS.
 *
 * Each element is added in a task of its own: the browser starts a fetch for each as it is added, and
 * the fifteen of a page in one task took 100 to 115 ms on the bench's calibrated phone, a task long
 * enough to count as blocking. A tab in the background paints nothing and runs its timers late: there
 * they are all added at once, or all that are left as soon as the tab is hidden. The same text on every
 * page, so the security policy allows it by its hash.
 */
export const PAGE_SCRIPT_LOADER =
  '(function(){var me=document.currentScript,started=false,scriptAdded=false,' +
  "hrefs=me.getAttribute('data-preload').split(' '),next=0;" +
  "function hidden(){return document.visibilityState==='hidden'}" +
  'function add(){while(next<hrefs.length){var href=hrefs[next++];if(!href)continue;' +
  "var link=document.createElement('link');link.rel='modulepreload';link.href=href;document.head.appendChild(link);" +
  'if(!hidden())return setTimeout(add,0)}' +
  'if(scriptAdded)return;scriptAdded=true;' +
  "var script=document.createElement('script');script.type='module';script.src=me.getAttribute('data-entry');" +
  'document.head.appendChild(script)}' +
  'function start(){if(started)return;started=true;add()}function soon(){setTimeout(start,0)}' +
  'if(hidden())return start();' +
  "document.addEventListener('visibilitychange',function(){if(hidden()){if(started)add();else start()}});" +
  `setTimeout(start,${SCRIPTS_AT_THE_LATEST_MS});` +
  "var Observer=typeof PerformanceObserver==='function'?PerformanceObserver:null;" +
  "if(Observer&&(Observer.supportedEntryTypes||[]).indexOf('paint')>=0)" +
  "new Observer(function(list,observer){if(list.getEntriesByName('first-contentful-paint').length){" +
  "observer.disconnect();soon()}}).observe({type:'paint',buffered:true});" +
  'else requestAnimationFrame(soon)})()';

/** The `script-src` source that allows the loader. */
export const PAGE_SCRIPT_LOADER_CSP = cspSourceOf(PAGE_SCRIPT_LOADER);

/**
 * The edits of the page's HTML that take out its module script and module preloads and put the loader,
 * which names them in its data attributes, in the script's place. None for a page without a module
 * script.
 */
export function scriptsAfterFirstPaint(html: string): DocumentEdit[] {
  const script = moduleScriptIn(html);
  if (!script) return [];
  const preloads = modulePreloadsIn(html);
  return [
    ...preloads,
    {
      start: script.start,
      end: script.end,
      replacement: `<script data-entry="${script.src}" data-preload="${preloads.map(({ href }) => href).join(' ')}">${PAGE_SCRIPT_LOADER}</script>`,
    },
  ];
}

/** The first `<script src="…" type="module" async></script>`: where it stands and what it loads. */
function moduleScriptIn(html: string): { start: number; end: number; src: string } | undefined {
  for (const at of placesOf(html, MODULE_SCRIPT_START)) {
    const src = quotedValueAt(html, at + MODULE_SCRIPT_START.length);
    if (src && html.startsWith(MODULE_SCRIPT_END, src.end))
      return { start: at, end: src.end + MODULE_SCRIPT_END.length, src: src.value };
  }
  return undefined;
}

/** Each `<link rel="modulepreload" href="…" …>`, with the line break before it, and what it names. */
function modulePreloadsIn(html: string): LinkRemoval[] {
  const preloads: LinkRemoval[] = [];
  for (const at of placesOf(html, MODULE_PRELOAD_START)) {
    const href = quotedValueAt(html, at + MODULE_PRELOAD_START.length);
    const tagEnd = href ? html.indexOf('>', href.end + 1) : -1;
    if (!href || tagEnd === -1) continue;
    const start = at > 0 && html[at - 1] === '\n' ? at - 1 : at;
    preloads.push({ start, end: tagEnd + 1, href: href.value, replacement: '' });
  }
  return preloads;
}

/** Where each copy of `text` starts in `html`, first to last. */
function* placesOf(html: string, text: string): Generator<number> {
  for (let at = html.indexOf(text); at !== -1; at = html.indexOf(text, at + 1)) yield at;
}

/** The attribute value from `start` to its closing quote (at `end`), unless it is empty or unclosed. */
function quotedValueAt(html: string, start: number): { value: string; end: number } | undefined {
  const end = html.indexOf('"', start);
  return end > start ? { value: html.slice(start, end), end } : undefined;
}
