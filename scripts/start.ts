// `npm start`: production by default, and a build first whenever the sources changed since the last one.
import { buildIfStale } from './build-if-stale.ts';

process.env.NODE_ENV ??= 'production';
buildIfStale();
await import('../server.ts');
