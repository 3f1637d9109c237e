// The page policy allows each inline element the site writes (the stylesheet, the script loader, the
// maintenance page's styles) by the hash of its exact text, so that no other inline element can run.
import { createHash } from 'node:crypto';

/** The Content-Security-Policy source allowing an inline <style> or <script> element with exactly this text. */
export function cspSourceOf(text: string): string {
  return `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
}
