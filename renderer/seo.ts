import type { PublicSiteSettings } from '../src/shared/schemas/settings.ts';
import type { SeoOverride } from '../src/shared/schemas/seo-override.ts';
import { shareImage, shareImageMeta } from '../src/shared/images.ts';
import { siteImageUrl } from '../src/shared/site-image-url.ts';
import { rememberedPerObject } from '../src/shared/remembered.ts';

export const DEFAULT_SHARE_IMAGE = shareImage;

/** What a page says about itself; everything else (site name, defaults, absolute URLs) is derived. */
export interface SeoInput {
  title: string;
  description?: string;
  keywords?: string;
  /** Path of the canonical URL, e.g. "/services". */
  path: string;
  /** Canonical address when it is not `path` (an owner's override): a path or an absolute URL. */
  canonical?: string;
  /** Title and description for shares (Open Graph, Twitter) when they differ from the page's. */
  shareTitle?: string;
  shareDescription?: string;
  /** Name of the page in the breadcrumb (Home > name). */
  breadcrumb?: string;
  /** Pages between Home and this one in the breadcrumb (Home > Services > name). */
  breadcrumbParents?: { name: string; path: string }[];
  noindex?: boolean;
  image?: string | null;
  /** What `image` shows, for people who cannot see it; the share title stands in when omitted. */
  imageAlt?: string;
  type?: 'website' | 'article';
  article?: {
    publishedTime?: string | null;
    modifiedTime?: string | null;
    section?: string;
    tags?: string[];
  };
  /** Extra JSON-LD objects, e.g. the business on the home page; never changed once given. */
  structuredData?: object[];
  /** Feeds linked from the head. */
  feeds?: { title: string; href: string }[];
}

export interface HeadTags {
  title: string;
  /** Each entry is a complete, escaped tag. */
  tags: string[];
}

const HTML_SPECIAL = /[&<>"']/g;
const htmlEntity: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(HTML_SPECIAL, (character) => htmlEntity[character]!);
}

/** JSON inside <script> must not be able to close the tag. */
const SCRIPT_UNSAFE = /[<>&\u2028\u2029]/g;
const scriptSafe: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(SCRIPT_UNSAFE, (character) => scriptSafe[character]!);
}

/**
 * A page's structured data is never changed once made, and a page may hand the same object to every
 * render (the home page's, made from the read cache's objects): its text is written once.
 */
const structuredDataJson = rememberedPerObject(jsonForScript);

function absolute(publicUrl: string, pathOrUrl: string): string {
  return /^https?:\/\//i.test(pathOrUrl)
    ? pathOrUrl
    : `${publicUrl}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

/** A data-URI image is never the share image; the default stands in. */
export function shareImageFor(image: string | null | undefined): string {
  return image && !/^data:/i.test(image) ? image : DEFAULT_SHARE_IMAGE;
}

/** The owner's per-page metadata laid over the page's own; an empty field keeps the page's value. */
export function applySeoOverride(seo: SeoInput, override: SeoOverride | null | undefined): SeoInput {
  if (!override) return seo;
  return {
    ...seo,
    ...(override.title ? { title: override.title } : {}),
    ...(override.description ? { description: override.description } : {}),
    ...(override.keywords ? { keywords: override.keywords } : {}),
    ...(override.ogTitle ? { shareTitle: override.ogTitle } : {}),
    ...(override.ogDescription ? { shareDescription: override.ogDescription } : {}),
    // The page's alt text described the page's image, not the owner's.
    ...(override.ogImage ? { image: override.ogImage, imageAlt: undefined } : {}),
    ...(override.canonicalUrl ? { canonical: override.canonicalUrl } : {}),
  };
}

export function buildHeadTags(seo: SeoInput, settings: PublicSiteSettings, publicUrl: string): HeadTags {
  const company = settings.companyName;
  const title = seo.path === '/' ? seo.title : `${seo.title} | ${company}`;
  const description = seo.description || settings.seoDescription;
  const keywords = seo.keywords || settings.seoKeywords;
  const canonical = absolute(publicUrl, seo.canonical ?? seo.path);
  const shareTitle = seo.shareTitle ?? title;
  const shareDescription = seo.shareDescription ?? description;
  const sharedImage = shareImageFor(seo.image);
  // One of the site's own pictures by its content-addressed name: a new picture is a new address to
  // sharing sites, which keep the one they fetched.
  const image = absolute(publicUrl, siteImageUrl(sharedImage));
  // Sharing sites and screen readers read the alt text of a shared image; every image gets one.
  const imageAlt = sharedImage === DEFAULT_SHARE_IMAGE ? shareImageMeta.alt : seo.imageAlt || shareTitle;
  const type = seo.type ?? 'website';
  const meta = (attr: 'name' | 'property', key: string, content: string | null | undefined) =>
    content ? `<meta ${attr}="${escapeHtml(key)}" content="${escapeHtml(content)}">` : '';

  const tags = [
    meta('name', 'description', description),
    meta('name', 'keywords', keywords),
    meta('name', 'author', company),
    meta('name', 'robots', seo.noindex ? 'noindex, nofollow' : 'index, follow'),
    `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    meta('property', 'og:type', type),
    meta('property', 'og:site_name', company),
    meta('property', 'og:title', shareTitle),
    meta('property', 'og:description', shareDescription),
    meta('property', 'og:url', canonical),
    meta('property', 'og:image', image),
    meta('property', 'og:image:alt', imageAlt),
    meta('property', 'og:locale', 'en_US'),
    // Sharing sites that show a publisher's mark beside the shared picture read the owner's logo.
    settings.logoUrl ? meta('property', 'og:logo', absolute(publicUrl, settings.logoUrl)) : '',
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', shareTitle),
    meta('name', 'twitter:description', shareDescription),
    meta('name', 'twitter:image', image),
    meta('name', 'twitter:image:alt', imageAlt),
  ];
  if (seo.article) {
    tags.push(
      meta('property', 'article:published_time', seo.article.publishedTime),
      meta('property', 'article:modified_time', seo.article.modifiedTime),
      meta('property', 'article:author', company),
      meta('property', 'article:section', seo.article.section),
      ...(seo.article.tags ?? []).map((tag) => meta('property', 'article:tag', tag)),
    );
  }
  for (const feed of seo.feeds ?? []) {
    tags.push(
      `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(feed.title)}" href="${escapeHtml(absolute(publicUrl, feed.href))}">`,
    );
  }

  const structuredData: object[] = [
    {
      '@context': 'https://schema.org',
      '@type': 'WebPage',
      name: title,
      description,
      url: canonical,
      publisher: { '@type': 'Organization', name: company },
    },
    ...(seo.structuredData ?? []),
  ];
  // The breadcrumb follows the canonical address, which an owner's override may move.
  if (new URL(canonical).pathname !== '/') {
    structuredData.push({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: absolute(publicUrl, '/') },
        ...(seo.breadcrumbParents ?? []).map((parent, index) => ({
          '@type': 'ListItem',
          position: index + 2,
          name: parent.name,
          item: absolute(publicUrl, parent.path),
        })),
        {
          '@type': 'ListItem',
          position: (seo.breadcrumbParents?.length ?? 0) + 2,
          name: seo.breadcrumb ?? seo.title,
          item: canonical,
        },
      ],
    });
  }
  for (const data of structuredData)
    tags.push(`<script type="application/ld+json">${structuredDataJson(data)}</script>`);

  return { title, tags: tags.filter(Boolean) };
}
