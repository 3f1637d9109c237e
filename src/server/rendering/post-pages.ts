// Server data of the public post pages (news, advice centre, article), built from the same services
// the REST and tRPC calls use.
import type { PageContextServer } from 'vike/types';
import { render } from 'vike/abort';
import { shareImageFor, type SeoInput } from '../../../renderer/seo.ts';
import { toPostCardData, type PostCardData } from '../../shared/post-card.ts';
import { paginate, parsePageNumber, type PageSlice } from '../../shared/pagination.ts';
import { postIdSchema } from '../../shared/schemas/post.ts';
import { NotFoundError, ServiceUnavailableError } from '../errors.ts';
import { DATABASE_UNAVAILABLE_MESSAGE, recogniseError } from '../http/http-errors.ts';
import { htmlToText, sanitizePostHtml } from '../services/html-sanitizer.ts';
import { postsForPage, type Degradable } from '../services/page-data.ts';
import { getPostForAdmin, getPublishedPost, type PublicPost } from '../services/posts.ts';
import { uploadedImagesFor } from '../services/media.ts';
import {
  ARTICLE_IMAGE_SIZES,
  uploadedImageAtWidth,
  type UploadedImage,
} from '../../shared/uploaded-image.ts';
import { pictureContentImages, uploadedImagesIn } from '../services/post-content-images.ts';
import { siteImageUrl } from '../../shared/site-image-url.ts';

export type PostListData = PageSlice<PostCardData>;

/** One page of the published news or advice posts, as chosen by `?page=N`. */
export async function postListData(
  pageContext: PageContextServer,
  list: 'newsPosts' | 'advicePosts',
): Promise<PostListData & Degradable> {
  const lists = await postsForPage(pageContext);
  const slice = paginate(lists[list], parsePageNumber(pageContext.urlParsed.search.page));
  const pictures = await picturesOrNone(pageContext, slice.items);
  // Only the nine cards shown travel to the browser.
  return {
    ...slice,
    items: slice.items.map((post) => toPostCardData(post, pictures)),
    degraded: lists.degraded,
  };
}

/**
 * The uploaded photos of these posts, in one query. A failed read leaves them as plain images (the
 * original file), never a failed page.
 */
export async function picturesOrNone(
  pageContext: Pick<PageContextServer, 'db' | 'log' | 'readCache'>,
  posts: readonly { image: string | null }[],
): Promise<Map<string, UploadedImage>> {
  const images = posts.map((post) => post.image);
  try {
    return await pageContext.readCache.remember(`photos of ${images.join(' ')}`, () =>
      uploadedImagesFor(pageContext.db, images),
    );
  } catch (error) {
    pageContext.log.warn({ err: error }, "reading the posts' photos failed; showing the originals");
    return new Map();
  }
}

/**
 * A post as its article shows it: with its uploaded photo's copies and shape, and the images in its
 * text given theirs.
 */
export type ArticlePost = PublicPost & { picture: UploadedImage | null };

async function withPicture(pageContext: PageContextServer, post: PublicPost): Promise<ArticlePost> {
  // The post's photo and every upload its text shows, in one query.
  const inText = uploadedImagesIn(post.content).map((image) => ({ image }));
  const pictures = await picturesOrNone(pageContext, [post, ...inText]);
  return {
    ...post,
    content: pictureContentImages(post.content, pictures, ARTICLE_IMAGE_SIZES),
    picture: (post.image && pictures.get(post.image)) || null,
  };
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
): Promise<ArticlePost | null> {
  if (id === null) return null;
  try {
    // Read, sanitized and its images given their copies once per change to the site, not once per render.
    return await pageContext.readCache.remember(`article ${id}`, async () =>
      withPicture(pageContext, await getPublishedPost(pageContext.db, id)),
    );
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
): Promise<{ post: ArticlePost; preview: boolean }> {
  try {
    return await readArticle(pageContext);
  } catch (error) {
    // The article has no stand-in: while the database is away, the visitor is asked to come back
    // shortly (503 with Retry-After, ssr.ts), which neither a browser nor a search engine keeps.
    if (recogniseError(error) instanceof ServiceUnavailableError) {
      pageContext.log.warn({ err: error }, 'reading the article failed; answering 503');
      throw render(503, DATABASE_UNAVAILABLE_MESSAGE);
    }
    throw error;
  }
}

async function readArticle(pageContext: PageContextServer): Promise<{ post: ArticlePost; preview: boolean }> {
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
      const post = await withPicture(pageContext, { ...fields, content: sanitizePostHtml(fields.content) });
      return { post, preview: true };
    }
  }
  throw render(404);
}

/**
 * Metadata of an article: og:type article, its dates, section and tags, and
 * Article structured data. Both article URLs name `/post/{id}` as canonical: they show the same post.
 */
export function articleSeo(pageContext: PageContextServer, post: ArticlePost): SeoInput {
  const company = pageContext.settings.companyName;
  const section = post.type === 'news' ? 'News' : 'Advice';
  // "Springfield IL": the company's town, as searches for a local plumber name it.
  const town = [pageContext.settings.addressCity, pageContext.settings.addressState]
    .filter(Boolean)
    .join(' ');
  const path = `/post/${post.id}`;
  const description = post.excerpt || htmlToText(post.content).slice(0, 160);
  // Sharing sites want a JPEG or PNG about 1200 px wide: the copy made for that, when there is one.
  const sharedImage = post.picture ? uploadedImageAtWidth(post.picture, 1200) : post.image;
  const image = siteImageUrl(shareImageFor(sharedImage));
  const absoluteImage = /^https?:\/\//i.test(image) ? image : `${pageContext.publicUrl}${image}`;
  const organization = { '@type': 'Organization', name: company, url: `${pageContext.publicUrl}/` };
  return {
    title: post.title,
    description,
    keywords: `${post.title}, plumbing ${section.toLowerCase()}${town ? `, plumber ${town}` : ''}`,
    path,
    breadcrumb: post.title,
    image: sharedImage,
    imageAlt: post.picture?.alt || post.title,
    type: 'article',
    article: {
      publishedTime: post.publishedAt,
      modifiedTime: post.updatedAt,
      section,
      tags: ['Plumbing', section, ...(town ? [town] : [])],
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
