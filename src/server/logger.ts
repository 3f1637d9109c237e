import type { FastifyBaseLogger } from 'fastify';

/**
 * What services and page data may log with: Fastify's pino logger (app.log or request.log), handed
 * down so every line is structured and, for a request, carries its id.
 */
export type Logger = Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>;
