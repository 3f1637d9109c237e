import { describe, expect, it } from 'vitest';
import { sanitizePostHtml } from './html-sanitizer.ts';

// Post HTML comes from the admin's editor, but is stored and rendered for every visitor: an allow-list
// keeps formatting and drops everything that can run or load code.
describe('post HTML sanitizer', () => {
  const attacks: [string, string][] = [
    ['script tag', '<p>Hi</p><script>alert(1)</script>'],
    ['event handler', '<p onclick="alert(1)">Hi</p><img src="/uploads/a.png" onerror="alert(1)">'],
    ['javascript: link', '<a href="javascript:alert(1)">x</a>'],
    ['mixed-case javascript: link', '<a href="JaVaScRiPt:alert(1)">x</a>'],
    ['entity-encoded javascript: link', '<a href="&#106;avascript:alert(1)">x</a>'],
    ['data: link', '<a href="data:text/html,<script>alert(1)</script>">x</a>'],
    ['svg with script', '<svg><script>alert(1)</script></svg>'],
    ['svg onload', '<svg onload="alert(1)"></svg>'],
    ['iframe', '<iframe src="https://evil.example"></iframe>'],
    ['srcdoc iframe', '<iframe srcdoc="<script>alert(1)</script>"></iframe>'],
    ['object', '<object data="evil.swf"></object>'],
    ['style tag', '<style>body{background:url(javascript:alert(1))}</style>'],
    ['form', '<form action="https://evil.example"><input name="password"></form>'],
  ];
  for (const [name, html] of attacks) {
    it(`removes a ${name}`, () => {
      const clean = sanitizePostHtml(html);
      expect(clean).not.toMatch(
        /<script|<svg|<iframe|<object|<style|<form|<input|\son\w+=|javascript:|data:text/i,
      );
    });
  }

  it('keeps the formatting the editor produces', () => {
    const html =
      '<h2>Title</h2><h3>Sub</h3><p><strong>Bold</strong> <em>it</em></p><ul><li>one</li></ul><ol><li>two</li></ol><p><img src="/uploads/abc.png" alt="Pipe"></p>';
    const clean = sanitizePostHtml(html);
    for (const part of [
      '<h2>Title</h2>',
      '<h3>Sub</h3>',
      '<strong>Bold</strong>',
      '<em>it</em>',
      '<ul><li>one</li></ul>',
      '<ol><li>two</li></ol>',
      '<img src="/uploads/abc.png" alt="Pipe" />',
    ]) {
      expect(clean).toContain(part);
    }
  });

  it('keeps safe links, and off-site ones cannot reach back through window.opener', () => {
    expect(sanitizePostHtml('<a href="/contact">Call</a>')).toContain('href="/contact"');
    const offsite = sanitizePostHtml('<a href="https://example.com" target="_blank">x</a>');
    expect(offsite).toContain('href="https://example.com"');
    expect(offsite).toMatch(/rel="[^"]*noopener/);
  });
});
