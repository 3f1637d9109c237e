import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cspSourceOf } from '../http/csp-source.ts';
import { PageStylesheets, withoutStylesheetLinks } from './inline-stylesheet.ts';

const link = (href: string) => `<link rel="stylesheet" type="text/css" href="${href}">`;

function builtClient(files: Record<string, string>): string {
  const clientDir = mkdtempSync(join(tmpdir(), 'page-stylesheets-'));
  mkdirSync(join(clientDir, 'assets', 'static'), { recursive: true });
  for (const [name, css] of Object.entries(files))
    writeFileSync(join(clientDir, 'assets', 'static', name), css);
  return clientDir;
}

describe('PageStylesheets', () => {
  const clientDir = builtClient({ 'theme.css': ':root{--a:1}', 'home.css': '.h{}', 'book.css': '.b{}' });
  const stylesheets = new PageStylesheets(clientDir, (source) => `style-src 'self' ${source}`);

  it('puts together the files a page links, in their order, allowed by the policy of their hash', () => {
    const stylesheet = stylesheets.linkedIn(
      `<head>${link('/assets/static/theme.css')}${link('/assets/static/home.css')}</head>`,
    )!;
    expect(stylesheet.css).toBe(':root{--a:1}.h{}');
    expect(stylesheet.element.toString()).toBe('<style>:root{--a:1}.h{}</style>');
    expect(stylesheet.cspSource).toBe(cspSourceOf(':root{--a:1}.h{}'));
    expect(stylesheet.contentSecurityPolicy).toBe(`style-src 'self' ${cspSourceOf(':root{--a:1}.h{}')}`);
  });

  it('gives each page only its own files, and the same stylesheet again for the same set', () => {
    const home = `${link('/assets/static/theme.css')}${link('/assets/static/home.css')}`;
    const book = `${link('/assets/static/theme.css')}${link('/assets/static/book.css')}`;
    expect(stylesheets.linkedIn(book)!.css).toBe(':root{--a:1}.b{}');
    expect(stylesheets.linkedIn(home)!.css).not.toContain('.b{}');
    expect(stylesheets.linkedIn(home)).toBe(stylesheets.linkedIn(`<p>${home}</p>`));
  });

  it('gives nothing for a page that links no stylesheet', () => {
    expect(stylesheets.linkedIn('<head><title>T</title></head>')).toBeNull();
  });

  it('reads no file outside the built assets', () => {
    expect(() => stylesheets.linkedIn(link('/assets/../../etc/passwd.css'))).toThrow(/outside/);
  });
});

describe('withoutStylesheetLinks', () => {
  it('takes out every stylesheet link Vike wrote, and nothing else', () => {
    expect(
      withoutStylesheetLinks(
        `<head>${link('/assets/static/a.css')}<link rel="icon" href="/i.svg">${link('/assets/static/b.css')}</head>`,
      ),
    ).toBe('<head><link rel="icon" href="/i.svg"></head>');
  });
});
