import react from '@vitejs/plugin-react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import vike from 'vike/plugin';
import { defineConfig, type Plugin, type Rollup } from 'vite';

/**
 * A plugin that edits the built client chunks once they are final: after minification, which would
 * strip a comment. A chunk's hash is unaffected, which is fine since the edit is the same for the same
 * code.
 */
function editClientChunks(name: string, edit: (chunk: Rollup.OutputChunk) => void): Plugin {
  return {
    name,
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        if (this.environment.name !== 'client') return;
        for (const chunk of Object.values(bundle)) if (chunk.type === 'chunk') edit(chunk);
      },
    },
  };
}

/** Vike's client entry: every page loads it first, and it loads the page's own code. */
const isVikeClientEntry = (chunk: Rollup.OutputChunk) =>
  chunk.isEntry && chunk.name.endsWith('entry-server-routing');

/**
 * Marks the chunks every public page runs at once (React DOM, Vike's client entry) with V8's explicit
 * compile hint, so Chromium compiles their functions on the thread that streams the download instead of
 * lazily on the main thread while the page hydrates (https://v8.dev/blog/explicit-compile-hints).
 * Other browsers read a comment.
 */
const compileHintsForStartupChunks = () =>
  editClientChunks('compile-hints-for-startup-chunks', (chunk) => {
    const carriesReactDom = chunk.moduleIds.some((id) => id.includes('/node_modules/react-dom/'));
    if (isVikeClientEntry(chunk) || carriesReactDom)
      chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`;
  });

/**
 * Vike's client entry loads the page's own code with Vite's preload helper, which adds a
 * `<link rel="stylesheet">` for each stylesheet that code imports unless the document links it already.
 * The server writes exactly those stylesheets into the page's head and takes Vike's links out
 * (src/server/rendering/inline-stylesheet.ts), so the helper would fetch them all again once the page
 * is painted and make the browser match every rule a second time. In that one chunk the list of a
 * page's dependencies leaves the stylesheets out; code loaded later still gets its own.
 */
const pageStylesFromTheHead = () =>
  editClientChunks('page-styles-from-the-head', (chunk) => {
    if (!isVikeClientEntry(chunk)) return;
    const mapDependencies = '=>i.map(i=>d[i])';
    // A Vite whose helper reads differently must not quietly fetch every page's styles twice.
    if (
      !chunk.code.includes('__vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=') ||
      !chunk.code.includes(mapDependencies)
    )
      throw new Error(`${chunk.fileName}: Vite's list of a page's dependencies was not found`);
    chunk.code = chunk.code.replace(mapDependencies, '=>i.map(i=>d[i]).filter(f=>!f.endsWith(".css"))');
  });

export default defineConfig({
  plugins: [react(), vike(), vanillaExtractPlugin(), compileHintsForStartupChunks(), pageStylesFromTheHead()],
  // A stylesheet per module that imports styles: the server writes the ones a page links into its head
  // (src/server/rendering/inline-stylesheet.ts), so no page parses and matches the rules of every other
  // page, nor waits for a request per file.
  build: { target: 'es2022', cssCodeSplit: true },
});
