// What every answer carries and every write must pass before anything else reads it: helmet's headers
// with the site's Content-Security-Policy, and the refusal of writes sent from another site's page.
// Per-address limits are counted by the services.
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../env.ts';
import { securityHeadersFor } from './security-headers.ts';
import { PageStylesheets } from '../rendering/inline-stylesheet.ts';
import { cspSourceOf } from './csp-source.ts';
import { PAGE_SCRIPT_LOADER_CSP } from '../rendering/script-priority.ts';
import { MAINTENANCE_STYLESHEET } from '../rendering/maintenance-page.ts';
import { refuseEncodedBodies } from './request-bodies.ts';
import { projectRoot } from '../project-root.ts';

export const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * helmet's headers, worked out once: @fastify/helmet built a new helmet for every request, which took
 * longer than serving a cached page. In production each page's stylesheet is inlined in its head and
 * allowed by its hash in the policy sent with that page (`pageStylesheets`); every other answer carries
 * the policy without it. The development server's styles come and go, so it sends no policy.
 */
export function siteSecurityHeaders(
  config: AppConfig,
  mode: 'production' | 'development' | undefined,
): { securityHeaders: Record<string, string>; pageStylesheets: PageStylesheets | null } {
  const headersWith = (pageStyleSources: string[]) =>
    securityHeadersFor({
      contentSecurityPolicy:
        mode === 'development' ? false : { directives: contentSecurityPolicy(pageStyleSources) },
      hsts: config.publicUrl.startsWith('https://') ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginEmbedderPolicy: false,
    });
  const pageStylesheets =
    mode === 'production'
      ? new PageStylesheets(
          join(projectRoot, 'dist', 'client'),
          (styleSource) => headersWith([styleSource])['content-security-policy']!,
        )
      : null;
  return { securityHeaders: headersWith([]), pageStylesheets };
}

/** Headers on every answer; writes from another site's page and encoded bodies refused up front. */
export function guardRequests(
  fastify: FastifyInstance,
  config: AppConfig,
  securityHeaders: Record<string, string>,
) {
  fastify.addHook('onRequest', (_request, reply, done) => {
    reply.headers(securityHeaders);
    done();
  });
  fastify.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (
      isCrossOrigin(
        request.headers.origin,
        request.headers['sec-fetch-site'],
        config.publicUrl,
        request.host,
        request.protocol,
      )
    ) {
      return reply.status(403).send({ success: false, message: 'Cross-origin requests are not allowed' });
    }
  });
  fastify.addHook('onRequest', refuseEncodedBodies);
}

function contentSecurityPolicy(pageStyleSources: string[]) {
  return {
    defaultSrc: ["'self'"],
    // The one inline script, which adds a page's scripts once the page is painted (script-priority.ts).
    scriptSrc: ["'self'", PAGE_SCRIPT_LOADER_CSP],
    // The page's own inlined stylesheet and the maintenance page's by their hashes, and no other <style>
    // element. Style attributes (a photo's background, a chart's bar widths) are allowed on their own.
    styleSrc: ["'self'", ...pageStyleSources, cspSourceOf(MAINTENANCE_STYLESHEET)],
    styleSrcAttr: ["'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'https:'],
    mediaSrc: ["'self'", 'https:'],
    fontSrc: ["'self'"],
    connectSrc: ["'self'"],
    // The contact page embeds a map.
    frameSrc: ['https://www.google.com', 'https://maps.google.com'],
    frameAncestors: ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
  };
}

/** A write from another site's page: a foreign Origin header, or the browser saying so. */
export function isCrossOrigin(
  origin: string | undefined,
  fetchSite: string | string[] | undefined,
  publicUrl: string,
  host: string,
  protocol: string,
): boolean {
  if (fetchSite === 'cross-site') return true;
  if (!origin) return false;
  // A page sent with Referrer-Policy: no-referrer (a customer's booking page) posts its forms with
  // Origin: null; the browser's own Sec-Fetch-Site, which no page can set, still says where it came from.
  if (origin === 'null') return fetchSite !== 'same-origin';
  return origin !== new URL(publicUrl).origin && origin !== `${protocol}://${host}`;
}
