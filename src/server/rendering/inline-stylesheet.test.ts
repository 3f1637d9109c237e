import { describe, expect, it } from 'vitest';
import { builtClientWithStylesheets } from '../testing/built-stylesheets.ts';
import { cspSourceOf } from '../http/csp-source.ts';
import { PageStylesheets, stylesheetLinksIn } from './inline-stylesheet.ts';

const link = (href: string) => `<link rel="stylesheet" type="text/css" href="${href}">`;

describe('PageStylesheets', () => {
  const clientDir = builtClientWithStylesheets({
    'theme.css': ':root{--a:1}',
    'home.css': '.h{}',
    'book.css': '.b{}',
  });
  const stylesheets = new PageStylesheets(clientDir, (source) => `style-src 'self' ${source}`);

  it('puts together the files a page links, in their order, allowed by the policy of their hash', () => {
    const stylesheet = stylesheets.of(['/assets/static/theme.css', '/assets/static/home.css'])!;
    expect(stylesheet.css).toBe(':root{--a:1}.h{}');
    expect(stylesheet.element.toString()).toBe('<style>:root{--a:1}.h{}</style>');
    expect(stylesheet.cspSource).toBe(cspSourceOf(':root{--a:1}.h{}'));
    expect(stylesheet.contentSecurityPolicy).toBe(`style-src 'self' ${cspSourceOf(':root{--a:1}.h{}')}`);
  });

  it('gives each page only its own files, and the same stylesheet again for the same set', () => {
    const home = ['/assets/static/theme.css', '/assets/static/home.css'];
    expect(stylesheets.of(['/assets/static/theme.css', '/assets/static/book.css'])!.css).toBe(
      ':root{--a:1}.b{}',
    );
    expect(stylesheets.of(home)!.css).not.toContain('.b{}');
    expect(stylesheets.of(home)).toBe(stylesheets.of([...home]));
  });

  it('gives nothing for a page that links no stylesheet', () => {
    expect(stylesheets.of([])).toBeNull();
  });

  it('reads no file outside the built assets', () => {
    expect(() => stylesheets.of(['/assets/../../etc/passwd.css'])).toThrow(/outside/);
  });
});

describe('stylesheetLinksIn', () => {
  it('finds every stylesheet link Vike wrote, with the indent of its line, and nothing else', () => {
    const document = `<head>\n  \t${link('/assets/static/a.css')}<link rel="icon" href="/i.svg">${link('/assets/static/b.css')}</head>`;
    const links = stylesheetLinksIn(document);
    expect(links.map(({ href }) => href)).toEqual(['/assets/static/a.css', '/assets/static/b.css']);
    expect(links.map(({ start, end }) => document.slice(start, end))).toEqual([
      `\n  \t${link('/assets/static/a.css')}`,
      link('/assets/static/b.css'),
    ]);
  });
});
