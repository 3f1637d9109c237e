import { describe, expect, it } from 'vitest';
import { contactInputSchema } from './contact.ts';
import { postFieldsSchema } from './post.ts';
import { siteSettingsSchema } from './settings.ts';
import { hasForbiddenControlCharacter } from './text.ts';

describe('text fields', () => {
  it('refuse C0 and C1 control characters but tab and newline, and carriage return only in multi-line text', () => {
    for (const code of [0x00, 0x01, 0x08, 0x0b, 0x0c, 0x1b, 0x1f, 0x7f, 0x85, 0x9f]) {
      const value = `a${String.fromCharCode(code)}b`;
      expect(hasForbiddenControlCharacter(value), code.toString(16)).toBe(true);
      expect(hasForbiddenControlCharacter(value, { multiline: true }), code.toString(16)).toBe(true);
    }
    expect(hasForbiddenControlCharacter('a\tb\nc')).toBe(false);
    expect(hasForbiddenControlCharacter('a\r\nb')).toBe(true);
    expect(hasForbiddenControlCharacter('a\r\nb', { multiline: true })).toBe(false);
    expect(hasForbiddenControlCharacter('Café – “quoted” 😀')).toBe(false);
  });

  it('name the field in the message, in zod/mini and zod schemas alike', () => {
    const contact = contactInputSchema.safeParse({
      firstName: 'Ann',
      lastName: 'L\u0000ee',
      email: 'ann@example.com',
      message: 'Hi',
    });
    expect(contact.error?.issues.map((issue) => issue.message)).toEqual([
      'Last name must not contain control characters',
    ]);
    const settings = siteSettingsSchema.shape.companyName.safeParse('Acme\u0000');
    expect(settings.error?.issues[0]?.message).toBe('Company name must not contain control characters');
  });
});

describe('post content, as the admin form checks it before sending', () => {
  const post = { title: 'T', excerpt: 'E', isPublished: false };
  it.each(['', '<p>   </p>', '<p>&nbsp;</p>', '<p><br></p>', '<h2> </h2><p>\u200b</p>'])(
    'calls %j empty',
    (content) => {
      const parsed = postFieldsSchema.safeParse({ ...post, content });
      expect(parsed.error?.issues.map((issue) => issue.message)).toEqual(['Content is required']);
    },
  );
  it.each(['<p>x</p>', '<p><img src="/uploads/a.png"></p>', '<video src="/uploads/a.mp4"></video>'])(
    'keeps %j',
    (content) => {
      expect(postFieldsSchema.safeParse({ ...post, content }).success).toBe(true);
    },
  );
});
