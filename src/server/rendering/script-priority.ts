// The scripts a page loads only make it respond to taps: its text, pictures and styles are all in the
// HTML already. So the page asks for them once the browser has painted it, not before: fetched as soon
// as the HTML is read (as a module script and its preloads are), they would share a phone's connection
// with the page's photos and, arriving first on a fast one, be evaluated before the first paint, on a
// slow phone's processor a few hundred milliseconds of it.
import { cspSourceOf } from '../http/csp-source.ts';

const MODULE_SCRIPT = /<script src="([^"]+)" type="module" async><\/script>/;
const MODULE_PRELOAD = /\n?<link rel="modulepreload" href="([^"]+)"[^>]*>/g;

/**
 * A browser that lists paint timing but never reports the paint still gets the scripts this long after
 * the page is read.
 */
const SCRIPTS_AT_THE_LATEST_MS = 3000;

/**
 * Adds the module preloads, then the page's module script, in the task after the browser reports the
 * page's first contentful paint. Waiting for the next frame was not enough: a frame is shown a little
 * after it is drawn, and the scripts asked for in between still counted as fetched before the first
 * paint (Lighthouse then adds their download on a slow phone network to it). A browser that reports no
 * paints waits for the next frame instead, and none waits longer than SCRIPTS_AT_THE_LATEST_MS. A tab
 * in the background paints nothing: there they are added at once, or as soon as the tab is hidden. The
 * same text on every page, so the security policy allows it by its hash.
 */
export const PAGE_SCRIPT_LOADER =
  '(function(){var me=document.currentScript,done=false;function load(){if(done)return;done=true;' +
  "me.getAttribute('data-preload').split(' ').forEach(function(href){if(!href)return;" +
  "var link=document.createElement('link');link.rel='modulepreload';link.href=href;document.head.appendChild(link)});" +
  "var script=document.createElement('script');script.type='module';script.src=me.getAttribute('data-entry');" +
  'document.head.appendChild(script)}function soon(){setTimeout(load,0)}' +
  "if(document.visibilityState==='hidden')return load();" +
  "document.addEventListener('visibilitychange',function(){if(document.visibilityState==='hidden')load()});" +
  `setTimeout(load,${SCRIPTS_AT_THE_LATEST_MS});` +
  "var Observer=typeof PerformanceObserver==='function'?PerformanceObserver:null;" +
  "if(Observer&&(Observer.supportedEntryTypes||[]).indexOf('paint')>=0)" +
  "new Observer(function(list,observer){if(list.getEntriesByName('first-contentful-paint').length){" +
  "observer.disconnect();soon()}}).observe({type:'paint',buffered:true});" +
  'else requestAnimationFrame(soon)})()';

/** The `script-src` source that allows the loader. */
export const PAGE_SCRIPT_LOADER_CSP = cspSourceOf(PAGE_SCRIPT_LOADER);

/**
 * The page's HTML with its module script and module preloads replaced by the loader, which names them in
 * its data attributes. A page without a module script is returned as it is.
 */
export function withScriptsAfterFirstPaint(html: string): string {
  const entry = MODULE_SCRIPT.exec(html)?.[1];
  if (!entry) return html;
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  return html
    .replace(MODULE_PRELOAD, '')
    .replace(
      MODULE_SCRIPT,
      () =>
        `<script data-entry="${entry}" data-preload="${preloads.join(' ')}">${PAGE_SCRIPT_LOADER}</script>`,
    );
}
