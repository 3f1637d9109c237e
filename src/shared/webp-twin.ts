/**
 * The WebP copy of a project image: every JPEG the project ships under /images/ has one beside it
 * (tools/illustrations writes both; webp-twin.test.ts checks the folder). Uploads and other
 * addresses have none, so they get null and are shown as they are.
 */
export function webpTwinOf(src: string): string | null {
  return /^\/images\/[\w/-]+\.jpg$/.test(src) ? src.replace(/\.jpg$/, '.webp') : null;
}
