// https://github.com/apostrophecms/sanitize-html : an allow-list, so anything unknown is dropped.
import { createRequire } from 'node:module';
import type sanitizeHtmlModule from 'sanitize-html';

// Loaded the first time HTML is cleaned (a post saved or read), not at start: with the CSS parser it
// brings, it is a twentieth of a second of every restart. A CommonJS module, so it loads synchronously.
const require = createRequire(import.meta.url);
let loaded: typeof sanitizeHtmlModule | undefined;
function sanitizeHtml(...args: Parameters<typeof sanitizeHtmlModule>): string {
  loaded ??= require('sanitize-html') as typeof sanitizeHtmlModule;
  return loaded(...args);
}

const options: sanitizeHtmlModule.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'mark',
    'sub',
    'sup',
    'ul',
    'ol',
    'li',
    'blockquote',
    'code',
    'pre',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // Links the owner adds open in place, except off-site ones, which must not get window.opener.
    a: (tagName, attribs) => {
      const external = /^https?:\/\//i.test(attribs.href ?? '');
      return {
        tagName,
        attribs: external
          ? { ...attribs, rel: 'noopener noreferrer nofollow', target: '_blank' }
          : { ...attribs, rel: '', target: '' },
      };
    },
    // Post headings sit under the page's own h1.
    h1: 'h2',
  },
  exclusiveFilter: (frame) => frame.tag === 'a' && !frame.attribs.href && !frame.text.trim(),
};

/** Post HTML written by an admin, reduced to formatting that cannot run code in a visitor's browser. */
export function sanitizePostHtml(html: string): string {
  return sanitizeHtml(html, options).replace(/ (rel|target)=""/g, '');
}

/** Plain text of some HTML: for excerpts, meta descriptions and feeds. */
export function htmlToText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
