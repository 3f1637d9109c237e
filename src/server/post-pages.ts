// Server data of the public post pages (news, advice centre, article), built from the same services
// the REST and tRPC calls use.
import type { PageContextServer } from 'vike/types';
import { render } from 'vike/abort';
import { shareImageFor, type SeoInput } from '../../renderer/seo.ts';
import { toPostCardData, type PostCardData } from '../shared/post-card.ts';
import { paginate, parsePageNumber, type PageSlice } from '../shared/pagination.ts';
import { postIdSchema } from '../shared/schemas/post.ts';
import { NotFoundError } from './errors.ts';
import { htmlToText, sanitizePostHtml } from './services/html-sanitizer.ts';
import { postsForPage, type Degradable } from './services/page-data.ts';
import { getPostForAdmin, getPublishedPost, type PublicPost } from './services/posts.ts';

export type PostListData = PageSlice<PostCardData>;

/** One page of the published news or advice posts, as chosen by `?page=N`. */
export async function postListData(
  pageContext: PageContextServer,
  list: 'newsPosts' | 'advicePosts',
): Promise<PostListData & Degradable> {
  const lists = await postsForPage(pageContext.db, pageContext.log);
  const slice = paginate(lists[list], parsePageNumber(pageContext.urlParsed.search.page));
  // Only the nine cards shown travel to the browser.
  return { ...slice, items: slice.items.map(toPostCardData), degraded: lists.degraded };
}

/** The article's id, from `/post/{id}` or `?id=`; null when absent or not a valid id. */
export function requestedPostId(pageContext: PageContextServer): number | null {
  const raw = pageContext.routeParams?.id || pageContext.urlParsed.search.id;
  const parsed = postIdSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/** A published post by id (its HTML sanitized by getPublishedPost), or null when there is no such post or it is a draft. */
export async function findPublishedPost(
  pageContext: PageContextServer,
  id: number | null,
): Promise<PublicPost | null> {
  if (id === null) return null;
  try {
    return await getPublishedPost(pageContext.db, id);
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}

/**
 * Article data for `/post/{id}`: an unknown id is a real 404 (docs/decisions/020-unknown-post-ids.md).
 * Signed-in staff also see drafts and scheduled posts there, marked as a preview, so they can check a
 * post before visitors do; such pages are never cached or shown to anyone else (ssr.ts caches only
 * anonymous requests).
 */
export async function articleData(
  pageContext: PageContextServer,
): Promise<{ post: PublicPost; preview: boolean }> {
  const id = requestedPostId(pageContext);
  const post = await findPublishedPost(pageContext, id);
  if (post) return { post, preview: false };
  if (id !== null && pageContext.user) {
    const unpublished = await getPostForAdmin(pageContext.db, id).catch((error: unknown) => {
      if (error instanceof NotFoundError) return null;
      throw error;
    });
    if (unpublished) {
      const { isPublished: _isPublished, createdAt: _createdAt, ...fields } = unpublished;
      return { post: { ...fields, content: sanitizePostHtml(fields.content) }, preview: true };
    }
  }
  throw render(404);
}

/**
 * Metadata of an article: og:type article, its dates, section and tags, and
 * Article structured data. Both article URLs name `/post/{id}` as canonical: they show the same post.
 */
export function articleSeo(pageContext: PageContextServer, post: PublicPost): SeoInput {
  const company = pageContext.settings.companyName;
  const section = post.type === 'news' ? 'News' : 'Advice';
  const path = `/post/${post.id}`;
  const description = post.excerpt || htmlToText(post.content).slice(0, 160);
  const image = shareImageFor(post.image);
  const absoluteImage = /^https?:\/\//i.test(image) ? image : `${pageContext.publicUrl}${image}`;
  const organization = { '@type': 'Organization', name: company, url: `${pageContext.publicUrl}/` };
  return {
    title: post.title,
    description,
    keywords: `${post.title}, plumbing ${section.toLowerCase()}, plumber Cumming GA, Forsyth County plumbing`,
    path,
    breadcrumb: post.title,
    image: post.image,
    imageAlt: post.title,
    type: 'article',
    article: {
      publishedTime: post.publishedAt,
      modifiedTime: post.updatedAt,
      section,
      tags: ['Plumbing', section, 'Cumming GA'],
    },
    structuredData: [
      {
        '@context': 'https://schema.org',
        '@type': 'Article',
        headline: post.title,
        description,
        datePublished: post.publishedAt ?? undefined,
        dateModified: post.updatedAt,
        author: organization,
        publisher: organization,
        image: [absoluteImage],
        mainEntityOfPage: { '@type': 'WebPage', '@id': `${pageContext.publicUrl}${path}` },
      },
    ],
  };
}
