import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { PAGE_SCRIPT_LOADER, withScriptsAfterFirstPaint } from './script-priority.ts';

const vikeHtml = [
  '<img src="/images/hero-800.webp" fetchpriority="high">',
  '<script id="vike_pageContext" type="application/json">{"a":1}</script>',
  '<script src="/assets/entries/entry-server-routing.C.js" type="module" async></script>',
  '<link rel="modulepreload" href="/assets/chunks/chunk-A.js" as="script" type="text/javascript">',
  '<link rel="modulepreload" href="/assets/chunks/chunk-B.js" as="script" type="text/javascript">',
].join('\n');

/** Runs the loader against a document that records what is added, with the frame and the task to come. */
function runLoader(visibilityState: 'visible' | 'hidden') {
  const added: string[] = [];
  const frames: (() => void)[] = [];
  const tasks: (() => void)[] = [];
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
  };
  runInNewContext(PAGE_SCRIPT_LOADER, {
    document,
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    setTimeout: (callback: () => void) => tasks.push(callback),
  });
  return { added, frames, tasks };
}

describe('the scripts of a page, added after its first paint', () => {
  it('takes out the module script and preloads and names them to the loader; nothing else changes', () => {
    const lines = withScriptsAfterFirstPaint(vikeHtml).split('\n');
    expect(lines).toEqual([
      '<img src="/images/hero-800.webp" fetchpriority="high">',
      '<script id="vike_pageContext" type="application/json">{"a":1}</script>',
      `<script data-entry="/assets/entries/entry-server-routing.C.js" data-preload="/assets/chunks/chunk-A.js /assets/chunks/chunk-B.js">${PAGE_SCRIPT_LOADER}</script>`,
    ]);
    expect(withScriptsAfterFirstPaint('<p>No script</p>')).toBe('<p>No script</p>');
  });

  it('adds them in the task after the next frame, and at once in a tab that paints no frame', () => {
    const visible = runLoader('visible');
    expect(visible.added).toEqual([]);
    visible.frames.shift()!();
    expect(visible.added).toEqual([]);
    visible.tasks.shift()!();
    expect(visible.added).toEqual([
      'modulepreload /assets/chunks/chunk-A.js',
      'modulepreload /assets/chunks/chunk-B.js',
      'module /assets/entries/entry-server-routing.C.js',
    ]);

    expect(runLoader('hidden').added).toHaveLength(3);
  });
});
