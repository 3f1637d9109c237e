// Direct calls to the running server's public and admin APIs, to put data in place before a browser test.
import { E2E_ADMIN } from './server.ts';

export async function signInAsAdmin(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(E2E_ADMIN),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return response.headers.get('set-cookie')!.split(';')[0]!;
}

/** Saves the site settings with `change` laid over the current ones, as the Settings tab does. */
export async function changeSettings(
  baseUrl: string,
  cookie: string,
  change: Record<string, unknown>,
): Promise<void> {
  const current = (await (await fetch(`${baseUrl}/api/admin/settings`, { headers: { cookie } })).json()) as {
    settings: Record<string, unknown>;
  };
  const response = await fetch(`${baseUrl}/api/admin/settings`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ ...current.settings, ...change }),
  });
  if (!response.ok) throw new Error(`saving settings failed: ${response.status} ${await response.text()}`);
}

interface AdminPostRow {
  id: number;
  type: 'news' | 'advice';
}

export async function listAdminPosts(baseUrl: string, cookie: string): Promise<AdminPostRow[]> {
  const response = await fetch(`${baseUrl}/api/admin/posts`, { headers: { cookie } });
  if (!response.ok) throw new Error(`listing posts failed: ${response.status}`);
  const body = (await response.json()) as { newsPosts: AdminPostRow[]; advicePosts: AdminPostRow[] };
  return [...body.newsPosts, ...body.advicePosts];
}

export async function deletePost(baseUrl: string, cookie: string, post: AdminPostRow): Promise<void> {
  const response = await fetch(`${baseUrl}/api/admin/posts/${post.id}`, {
    method: 'DELETE',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ type: post.type }),
  });
  if (!response.ok)
    throw new Error(`deleting post ${post.id} failed: ${response.status} ${await response.text()}`);
}

export async function createPost(
  baseUrl: string,
  cookie: string,
  post: {
    type: 'news' | 'advice';
    title: string;
    excerpt: string;
    content: string;
    image?: string;
    isPublished: boolean;
  },
): Promise<number> {
  const { type, ...fields } = post;
  const response = await fetch(`${baseUrl}/api/admin/posts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ type, post: fields }),
  });
  if (!response.ok) throw new Error(`creating a post failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { postId: number }).postId;
}

export async function postReview(
  baseUrl: string,
  review: { name: string; secondName?: string | null; rating: number; review: string },
): Promise<{ id: string }> {
  const response = await fetch(`${baseUrl}/api/reviews`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ secondName: null, ...review }),
  });
  if (!response.ok) throw new Error(`posting a review failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { review: { id: string } }).review;
}

/** Every JSON-LD object in a page's HTML, parsed. */
export function structuredDataIn(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
}

export function metaContent(html: string, attribute: 'name' | 'property', key: string): string | undefined {
  const match = new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`).exec(html);
  return match?.[1];
}

/** Uploads an image through the admin API as a signed-in member of staff; answers the file's address. */
export async function uploadThrough(
  server: { url: string },
  cookie: string,
  image: Buffer,
  fileName = 'photo.png',
): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(image)]), fileName);
  const response = await fetch(`${server.url}/api/admin/upload`, {
    method: 'POST',
    headers: { cookie, origin: server.url },
    body: form,
  });
  if (response.status !== 201)
    throw new Error(`upload answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { filePath: string }).filePath;
}
