import type React from 'react';
import type { Database } from '../db/client.ts';
import type { Logger } from '../src/server/logger.ts';
import type { ReadCache } from '../src/server/caching/read-cache.ts';
import type { PublicSiteSettings } from '../src/shared/schemas/settings.ts';
import type { SeoOverride } from '../src/shared/schemas/seo-override.ts';
import type { PageContextServer } from 'vike/types';
import type { SeoInput } from './seo.ts';
import type { ServiceLink } from '../src/server/services/service-catalog.ts';
import type { FormPostOutcome } from '../src/shared/form-post.ts';
import type { BookingPhotoLimits } from '../src/server/services/booking-photos.ts';

// https://vike.dev/pageContext#typescript : what the server puts into every page context.
declare global {
  namespace Vike {
    interface PageContext {
      /** Server only (not in passToClient): the one database the server opened. */
      db: Database;
      /** Server only: this request's Fastify logger, so a failed read lands in the structured log. */
      log: Logger;
      /** Server only: public content already read, shared by renders until it changes. */
      readCache: ReadCache;
      /**
       * Server only: the time of the render by the app's clock, which a test may move (what offers show
       * and which booking windows are open depend on it).
       */
      now: Date;
      /** Server only: what a visitor may attach to a booking (the /book details step says it). */
      bookingPhotoLimits: BookingPhotoLimits;
      /**
       * Server only: the server writes the page's own stylesheets into the head (at STYLESHEET_PLACEHOLDER,
       * src/server/rendering/page-assembly.ts) after the render; false links them as Vike does.
       */
      inlineStylesheet: boolean;
      publicUrl: string;
      /** The footer's line (Pages in /admin, or its default), shown on every page. */
      footerLine: string;
      /** The public view (publicSettingsSchema): it travels to the browser in the page's HTML. */
      settings: PublicSiteSettings;
      /** The shown services' titles and addresses: the footer's list and the contact form's choice. */
      serviceLinks: ServiceLink[];
      /** Server only: the owner's metadata for this path (Settings, "Search & sharing"), or null. */
      seoOverride: SeoOverride | null;
      user: { username: string; role: 'admin' | 'editor' } | null;
      /**
       * The query parameters this page declares (`queryParams` in its +config.ts) that the URL carries,
       * set on the server before the page renders (+onRenderHtml.tsx). The browser gets these and not the
       * whole URL: a cached page is served for every URL with the same declared parameters, so anything
       * else in the query (one visitor's fbclid) must not be written into it.
       */
      query: Record<string, string>;
      /** The outcome of a form sent without script, shown by the page answering it; null otherwise. */
      formPost: FormPostOutcome | null;
      /**
       * Server only: the page's body as rendered, which the server puts in place of PAGE_HTML_PLACEHOLDER
       * in the document Vike returns (src/server/rendering/page-assembly.ts).
       */
      pageHtml?: string;
      /** The signed time this page was rendered: forms send it back for their fill time without script. */
      formStamp: string;
    }
    interface PageContext {
      Page?: () => React.JSX.Element;
    }
    interface Config {
      /** Page metadata, computed on the server from the page context. */
      seo?: SeoInput | ((pageContext: PageContextServer) => SeoInput);
      /**
       * The query parameters the page reads (its data, its components, its route): the page cache keys
       * the page by these and drops every other parameter (src/server/caching/page-cache.ts).
       */
      queryParams?: readonly string[];
      /**
       * The tables the page's render reads: a change to one of them drops the page from the cache, a
       * change to any other leaves it. Each needs a change notification (db/migrations, site_changes).
       */
      tables?: readonly string[];
    }
    interface ConfigResolved {
      /** Cumulative: the tables every page reads (renderer/+config.ts), then the page's own. */
      tables?: (readonly string[])[];
    }
  }
}

export {};
