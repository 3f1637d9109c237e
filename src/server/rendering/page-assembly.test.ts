import { describe, expect, it } from 'vitest';
import { assemblePage, PAGE_HTML_PLACEHOLDER, STYLESHEET_PLACEHOLDER } from './page-assembly.ts';

const stylesheet = {
  css: 'p{}',
  cspSource: "'sha256-x'",
  contentSecurityPolicy: "style-src 'sha256-x'",
  element: Buffer.from('<style>p{}</style>'),
};
const document = `<head>${STYLESHEET_PLACEHOLDER}<title>T</title></head><body><div id="root">${PAGE_HTML_PLACEHOLDER}</div><script>1</script></body>`;

describe('assemblePage', () => {
  it("puts the page's body and the stylesheet in place of their placeholders", () => {
    expect(assemblePage(document, '<main>Ünïcode ✓</main>', stylesheet).toString()).toBe(
      '<head><style>p{}</style><title>T</title></head><body><div id="root"><main>Ünïcode ✓</main></div><script>1</script></body>',
    );
  });

  it("takes out Vike's links to the page's stylesheets, which its inline stylesheet holds, and no other link", () => {
    const linked = document.replace(
      '<title>',
      '<link rel="stylesheet" type="text/css" href="/assets/static/a.css"><link rel="stylesheet" type="text/css" href="/assets/static/b.css"><link rel="icon" href="/i.svg"><title>',
    );
    expect(assemblePage(linked, '<main></main>', stylesheet).toString()).toBe(
      '<head><style>p{}</style><link rel="icon" href="/i.svg"><title>T</title></head><body><div id="root"><main></main></div><script>1</script></body>',
    );
  });

  it('leaves out the stylesheet placeholder when pages link their stylesheet', () => {
    expect(assemblePage(document, '<main></main>', null).toString()).toBe(
      `<head>${STYLESHEET_PLACEHOLDER}<title>T</title></head><body><div id="root"><main></main></div><script>1</script></body>`,
    );
  });

  it("keeps a placeholder's text inside the body as it is", () => {
    const body = `<p>${PAGE_HTML_PLACEHOLDER}${STYLESHEET_PLACEHOLDER}</p>`;
    expect(assemblePage(document, body, stylesheet).toString()).toContain(`<div id="root">${body}</div>`);
  });

  it('returns a document without placeholders as it is', () => {
    expect(assemblePage('<p>Not found</p>', 'ignored', stylesheet).toString()).toBe('<p>Not found</p>');
  });
});
