import { describe, expect, it } from 'vitest';
import { encodeBody, preferredEncoding } from './content-encoding.ts';

describe('preferredEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip;q=0.8', 'gzip'],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['identity', 'identity'],
    ['', 'identity'],
    [undefined, 'identity'],
    ['gzip;q=0', 'identity'],
  ] as const)('%j gives %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});

describe('encodeBody', () => {
  it('leaves a body under 1 KB as it is, since compressing it gains less than the header costs', () => {
    expect(encodeBody(Buffer.from('<p>ok</p>'), 'br')).toEqual({
      encoding: 'identity',
      body: Buffer.from('<p>ok</p>'),
    });
  });
});
