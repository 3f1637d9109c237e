import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { withEdits } from './page-assembly.ts';
import { PAGE_SCRIPT_LOADER, scriptsAfterFirstPaint } from './script-priority.ts';

const vikeHtml = [
  '<img src="/images/hero-800.webp" fetchpriority="high">',
  '<script id="vike_pageContext" type="application/json">{"a":1}</script>',
  '<script src="/assets/entries/entry-server-routing.C.js" type="module" async></script>',
  '<link rel="modulepreload" href="/assets/chunks/chunk-A.js" as="script" type="text/javascript">',
  '<link rel="modulepreload" href="/assets/chunks/chunk-B.js" as="script" type="text/javascript">',
].join('\n');

/**
 * Runs the loader against a document that records what is added, with the frame, the task, the paint
 * reports and the visibility changes to come. `reportsPaints: false` is a browser without paint timing.
 */
function runLoader(visibilityState: 'visible' | 'hidden', reportsPaints = true) {
  const added: string[] = [];
  const frames: (() => void)[] = [];
  const tasks: (() => void)[] = [];
  const timers: { callback: () => void; delay: number }[] = [];
  const paintObservers: { report: (name: string) => void; disconnected: boolean }[] = [];
  const visibilityListeners: (() => void)[] = [];
  const attributes: Record<string, string> = {
    'data-entry': '/assets/entries/entry-server-routing.C.js',
    'data-preload': '/assets/chunks/chunk-A.js /assets/chunks/chunk-B.js',
  };
  const document = {
    visibilityState,
    currentScript: { getAttribute: (name: string) => attributes[name] },
    createElement: (tag: string) => ({ tag }) as Record<string, string>,
    head: {
      appendChild: (element: Record<string, string>) =>
        added.push(
          element.tag === 'link' ? `${element.rel} ${element.href}` : `${element.type} ${element.src}`,
        ),
    },
    addEventListener: (type: string, listener: () => void) => {
      if (type === 'visibilitychange') visibilityListeners.push(listener);
    },
  };
  class PerformanceObserver {
    static supportedEntryTypes = ['mark', 'measure', 'navigation', 'paint', 'resource'];
    private readonly watcher = {
      report: (name: string) => {
        if (this.watcher.disconnected) return;
        this.callback({ getEntriesByName: (wanted: string) => (wanted === name ? [{ name }] : []) }, this);
      },
      disconnected: false,
    };
    constructor(
      private readonly callback: (
        list: { getEntriesByName(name: string): unknown[] },
        observer: unknown,
      ) => void,
    ) {}
    observe(options: { type: string; buffered: boolean }) {
      expect(options).toEqual({ type: 'paint', buffered: true });
      paintObservers.push(this.watcher);
    }
    disconnect() {
      this.watcher.disconnected = true;
    }
  }
  runInNewContext(PAGE_SCRIPT_LOADER, {
    document,
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    setTimeout: (callback: () => void, delay: number) =>
      delay > 0 ? timers.push({ callback, delay }) : tasks.push(callback),
    ...(reportsPaints ? { PerformanceObserver } : {}),
  });
  const paint = (name: string) => paintObservers.forEach((observer) => observer.report(name));
  /** Runs the tasks queued, and the tasks they queue, in turn: what each added. */
  const runTasks = () => {
    const addedByTask: string[][] = [];
    while (tasks.length > 0) {
      const before = added.length;
      tasks.shift()!();
      addedByTask.push(added.slice(before));
    }
    return addedByTask;
  };
  const hide = () => {
    document.visibilityState = 'hidden';
    visibilityListeners.forEach((listener) => listener());
  };
  return { added, frames, tasks, timers, paint, hide, runTasks };
}

const allScripts = [
  'modulepreload /assets/chunks/chunk-A.js',
  'modulepreload /assets/chunks/chunk-B.js',
  'module /assets/entries/entry-server-routing.C.js',
];

describe('the scripts of a page, added after its first paint', () => {
  it('takes out the module script and preloads and names them to the loader; nothing else changes', () => {
    const lines = withEdits(vikeHtml, scriptsAfterFirstPaint(vikeHtml)).toString().split('\n');
    expect(lines).toEqual([
      '<img src="/images/hero-800.webp" fetchpriority="high">',
      '<script id="vike_pageContext" type="application/json">{"a":1}</script>',
      `<script data-entry="/assets/entries/entry-server-routing.C.js" data-preload="/assets/chunks/chunk-A.js /assets/chunks/chunk-B.js">${PAGE_SCRIPT_LOADER}</script>`,
    ]);
    expect(scriptsAfterFirstPaint('<p>No script</p>')).toEqual([]);
  });

  it('adds them, one a task, from the task after the browser reports the first contentful paint, once', () => {
    const page = runLoader('visible');
    // A frame drawn is not yet a paint reported: nothing is asked for before it.
    expect(page.frames).toEqual([]);
    page.paint('first-paint');
    expect(page.tasks).toEqual([]);
    page.paint('first-contentful-paint');
    expect(page.added).toEqual([]);
    expect(page.runTasks()).toEqual(allScripts.map((script) => [script]));

    page.paint('first-contentful-paint');
    page.hide();
    expect(page.runTasks()).toEqual([]);
    expect(page.added).toEqual(allScripts);
  });

  it('waits for the next frame in a browser that reports no paints', () => {
    const page = runLoader('visible', false);
    expect(page.added).toEqual([]);
    page.frames.shift()!();
    expect(page.added).toEqual([]);
    page.runTasks();
    expect(page.added).toEqual(allScripts);
  });

  it('adds them after three seconds in a browser that never reports the paint it said it would', () => {
    const page = runLoader('visible');
    expect(page.timers.map((timer) => timer.delay)).toEqual([3000]);
    page.timers[0]!.callback();
    page.runTasks();
    expect(page.added).toEqual(allScripts);
    page.paint('first-contentful-paint');
    page.runTasks();
    expect(page.added).toEqual(allScripts);
  });

  it('adds them at once in a tab that paints nothing, or when the tab is hidden before its paint', () => {
    expect(runLoader('hidden').added).toEqual(allScripts);

    const page = runLoader('visible');
    page.hide();
    expect(page.added).toEqual(allScripts);
    page.paint('first-contentful-paint');
    page.runTasks();
    expect(page.added).toEqual(allScripts);
  });

  it('adds all that are left at once when the tab is hidden on the way, and none twice', () => {
    const page = runLoader('visible');
    page.paint('first-contentful-paint');
    page.tasks.shift()!();
    expect(page.added).toEqual(allScripts.slice(0, 1));
    page.hide();
    expect(page.added).toEqual(allScripts);
    page.runTasks();
    expect(page.added).toEqual(allScripts);
  });
});
