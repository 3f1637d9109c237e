import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { webpTwinOf } from './webp-twin.ts';

const publicDir = fileURLToPath(new URL('../../public', import.meta.url));

describe('webpTwinOf', () => {
  it('finds a WebP file beside every JPEG the project ships', () => {
    const jpegs = (readdirSync(join(publicDir, 'images'), { recursive: true }) as string[])
      .filter((file) => file.endsWith('.jpg'))
      .map((file) => `/images/${file}`);
    expect(jpegs.length).toBeGreaterThan(20);
    for (const jpeg of jpegs) expect(existsSync(join(publicDir, webpTwinOf(jpeg)!)), jpeg).toBe(true);
  });

  it('claims no twin for uploads, other sites or other formats', () => {
    expect(webpTwinOf('/uploads/3f2a.jpg')).toBeNull();
    expect(webpTwinOf('https://example.com/images/a.jpg')).toBeNull();
    expect(webpTwinOf('/images/coupon-25-off.png')).toBeNull();
    expect(webpTwinOf('/images/../uploads/a.jpg')).toBeNull();
  });
});
