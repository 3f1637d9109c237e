import { describe, expect, it } from 'vitest';
import { builtClientWithStylesheets } from '../testing/built-stylesheets.ts';
import { PageStylesheets } from './inline-stylesheet.ts';
import { assemblePage, PAGE_HTML_PLACEHOLDER, STYLESHEET_PLACEHOLDER, withEdits } from './page-assembly.ts';
import { PAGE_SCRIPT_LOADER } from './script-priority.ts';

const stylesheets = new PageStylesheets(
  builtClientWithStylesheets({ 'a.css': 'p{}', 'b.css': 'a{}' }),
  (source) => source,
);
const link = (name: string) => `<link rel="stylesheet" type="text/css" href="/assets/static/${name}">`;
const document = `<head><title>T</title>\n    ${link('a.css')}${link('b.css')}<link rel="icon" href="/i.svg">\n    ${STYLESHEET_PLACEHOLDER}</head><body><div id="root">${PAGE_HTML_PLACEHOLDER}</div><script>1</script></body>`;

describe('assemblePage', () => {
  it("puts the page's body and its linked stylesheets, inline, in place of their placeholders, and takes out the links", () => {
    const { body, stylesheet } = assemblePage(document, '<main>Ünïcode ✓</main>', stylesheets);
    expect(stylesheet!.css).toBe('p{}a{}');
    expect(body.toString()).toBe(
      '<head><title>T</title><link rel="icon" href="/i.svg">\n    <style>p{}a{}</style></head><body><div id="root"><main>Ünïcode ✓</main></div><script>1</script></body>',
    );
  });

  it('leaves the links and the stylesheet placeholder when pages link their stylesheets (development)', () => {
    const { body, stylesheet } = assemblePage(document, '<main></main>', null);
    expect(stylesheet).toBeNull();
    expect(body.toString()).toBe(document.replace(PAGE_HTML_PLACEHOLDER, '<main></main>'));
  });

  it('takes out the stylesheet placeholder of a page that links no stylesheet', () => {
    const unlinked = `<head>${STYLESHEET_PLACEHOLDER}</head><body><div id="root">${PAGE_HTML_PLACEHOLDER}</div></body>`;
    const { body, stylesheet } = assemblePage(unlinked, '<main></main>', stylesheets);
    expect(stylesheet).toBeNull();
    expect(body.toString()).toBe('<head></head><body><div id="root"><main></main></div></body>');
  });

  it("keeps a placeholder's text inside the body as it is", () => {
    const page = `<p>${PAGE_HTML_PLACEHOLDER}${STYLESHEET_PLACEHOLDER}${link('b.css')}</p>`;
    expect(assemblePage(document, page, stylesheets).body.toString()).toContain(
      `<div id="root">${page}</div>`,
    );
  });

  it("puts the loader in the module script's place", () => {
    const scripted = document.replace(
      '<script>1</script>',
      '<script src="/assets/entries/entry.js" type="module" async></script>',
    );
    expect(assemblePage(scripted, '', stylesheets).body.toString()).toContain(
      `<script data-entry="/assets/entries/entry.js" data-preload="">${PAGE_SCRIPT_LOADER}</script></body>`,
    );
  });

  it('returns a document without placeholders as it is', () => {
    expect(assemblePage('<p>Not found</p>', 'ignored', stylesheets).body.toString()).toBe('<p>Not found</p>');
  });
});

describe('withEdits', () => {
  it('writes every edit in order, whatever the order given, in bytes of any width', () => {
    const edited = withEdits('aé😀bc', [
      { start: 4, end: 5, replacement: Buffer.from('✓') },
      { start: 0, end: 1, replacement: 'Ü' },
      { start: 2, end: 2, replacement: '' },
    ]);
    expect(edited.toString()).toBe('Üé😀✓c');
    expect(edited.length).toBe(Buffer.byteLength('Üé😀✓c'));
  });

  it('writes a page larger than any before it whole, and its own bytes apart from the next page', () => {
    const large = 'é✓'.repeat(200_000);
    const first = withEdits(`<p></p>`, [{ start: 3, end: 3, replacement: large }]);
    const second = withEdits('<p>short</p>', []);
    expect(first.toString()).toBe(`<p>${large}</p>`);
    expect(second.toString()).toBe('<p>short</p>');
  });
});
