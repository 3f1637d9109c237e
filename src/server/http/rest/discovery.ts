import type { FastifyInstance } from 'fastify';
import { buildRobotsTxt, buildRssFeed, buildSitemap } from '../../services/feeds.ts';
import { listPublishedPosts } from '../../services/posts.ts';
import { listPublishedTownPages } from '../../services/service-areas.ts';
import { listShownServices } from '../../services/service-catalog.ts';
import { getSettingsOrDefaults } from '../../services/settings.ts';

// /sitemap.xml, /robots.txt and the two RSS feeds. Short caching: a new post shows within minutes.
export async function discoveryRoutes(app: FastifyInstance) {
  const { publicUrl } = app.config;

  app.get('/robots.txt', async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(buildRobotsTxt(publicUrl)),
  );

  app.get('/sitemap.xml', async (_request, reply) => {
    const [{ newsPosts, advicePosts }, townPages, services] = await Promise.all([
      listPublishedPosts(app.db),
      listPublishedTownPages(app.db),
      listShownServices(app.db),
    ]);
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(
        buildSitemap(
          publicUrl,
          [...newsPosts, ...advicePosts],
          [
            ...services.map((service) => ({
              path: `/services/${service.slug}`,
              updatedAt: service.updatedAt,
            })),
            ...townPages,
          ],
        ),
      );
  });

  const feeds = [
    { path: '/news/rss.xml', page: '/news', kind: 'newsPosts', title: 'News & Updates' },
    { path: '/advice-center/rss.xml', page: '/advice-center', kind: 'advicePosts', title: 'Advice Center' },
  ] as const;
  for (const feed of feeds) {
    app.get(feed.path, async (request, reply) => {
      const [posts, { settings }] = await Promise.all([
        listPublishedPosts(app.db),
        getSettingsOrDefaults(app.db, request.log),
      ]);
      return reply
        .type('application/rss+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .send(
          buildRssFeed({
            title: `${feed.title} | ${settings.companyName}`,
            description: settings.seoDescription,
            pageUrl: `${publicUrl}${feed.page}`,
            feedUrl: `${publicUrl}${feed.path}`,
            publicUrl,
            posts: posts[feed.kind].slice(0, 50),
          }),
        );
    });
  }
}
