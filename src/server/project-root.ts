import { fileURLToPath } from 'node:url';

/**
 * The project's folder (where package.json, dist/ and db/migrations are). This file sits two folders
 * down, and the build puts the compiled server at dist/node/server.cjs, also two folders down, so the
 * same relative path is right whether the server runs from source or compiled into one file.
 */
export const projectRoot = fileURLToPath(new URL('../../', import.meta.url));
