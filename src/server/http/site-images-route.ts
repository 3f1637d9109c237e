import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { imageHashes } from '../../shared/image-hashes.ts';
import { parseSiteImageName, siteImageUrl } from '../../shared/site-image-url.ts';
import { projectRoot } from '../project-root.ts';
import { FILE_NOT_FOUND, sendFile } from './send-file.ts';

export interface SiteImagesOptions {
  /** Production serves the built copy (dist/client/images), as it serves every other built file. */
  mode: 'development' | 'production';
}

const YEAR = '365d';
const HOUR = '1h';

/**
 * GET and HEAD /images/<name>.<hash>.<ext>: one of the site's own pictures under its content-addressed
 * name (src/shared/site-image-url.ts), cached a year and immutable, since another picture gets another
 * name. A plain /images/<name>.<ext> keeps working with an hour of caching (posts and old links name
 * them); in development Vite answers those first. A hash that is not the file's current one (a page
 * rendered by an instance started from another release) is sent to the current name, not refused: the
 * visitor sees the picture and no cache keeps a wrong pairing.
 */
export function siteImagesRoute(fastify: FastifyInstance, options: SiteImagesOptions, done: () => void) {
  const root = join(projectRoot, options.mode === 'production' ? 'dist/client' : 'public', 'images');
  fastify.get<{ Params: { '*': string } }>('/images/*', async (request, reply) => {
    const requested = request.params['*'];
    const hashed = parseSiteImageName(requested);
    const known = (path: string) => Object.hasOwn(imageHashes, path);
    let path: string;
    if (hashed && known(hashed.path)) {
      if (hashed.hash !== imageHashes[hashed.path]) {
        return reply
          .header('cache-control', 'no-store')
          .redirect(siteImageUrl(`/images/${hashed.path}`), 302);
      }
      path = hashed.path;
    } else if (known(requested)) {
      path = requested;
    } else {
      return reply.status(404).send(FILE_NOT_FOUND);
    }
    return sendFile(request, reply, path, {
      root,
      maxAge: path === requested ? HOUR : YEAR,
      immutable: path !== requested,
    });
  });
  done();
}
