// Being found: sitemap, robots.txt and RSS, built from what visitors may see and nothing else.
import type { PostSummary } from './posts.ts';
import { navigationLinks } from '../../shared/site-content.ts';

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Every public route, every shown service's page and every published post, with last-modified dates. */
export function buildSitemap(
  publicUrl: string,
  posts: PostSummary[],
  services: readonly { slug: string; updatedAt: string }[] = [],
): string {
  const staticUrls = navigationLinks.map(
    (link) => `  <url><loc>${escapeXml(`${publicUrl}${link.href}`)}</loc></url>`,
  );
  const serviceUrls = services.map(
    (service) =>
      `  <url><loc>${escapeXml(`${publicUrl}/services/${service.slug}`)}</loc><lastmod>${service.updatedAt}</lastmod></url>`,
  );
  const postUrls = posts.map(
    (post) =>
      `  <url><loc>${escapeXml(`${publicUrl}/post/${post.id}`)}</loc><lastmod>${post.updatedAt}</lastmod></url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${[...staticUrls, ...serviceUrls, ...postUrls].join('\n')}\n</urlset>\n`;
}

export function buildRobotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /admin-login',
    'Disallow: /api/',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

export function buildRssFeed(options: {
  title: string;
  description: string;
  pageUrl: string;
  feedUrl: string;
  publicUrl: string;
  posts: PostSummary[];
}): string {
  const items = options.posts.map((post) => {
    const link = `${options.publicUrl}/post/${post.id}`;
    return [
      '    <item>',
      `      <title>${escapeXml(post.title)}</title>`,
      `      <link>${escapeXml(link)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
      post.publishedAt ? `      <pubDate>${new Date(post.publishedAt).toUTCString()}</pubDate>` : '',
      `      <description>${escapeXml(post.excerpt)}</description>`,
      '    </item>',
    ]
      .filter(Boolean)
      .join('\n');
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${escapeXml(options.title)}</title>
    <link>${escapeXml(options.pageUrl)}</link>
    <description>${escapeXml(options.description)}</description>
    <language>en-us</language>
    <atom:link href="${escapeXml(options.feedUrl)}" rel="self" type="application/rss+xml"/>
${items.join('\n')}
  </channel>
</rss>
`;
}
