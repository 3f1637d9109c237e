// Builds Fastify (logger, timeouts, graceful shutdown) and registers the app: https://github.com/fastify/demo
import { createServer } from 'node:http';
import { performance } from 'node:perf_hooks';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { openDatabase } from './db/client.ts';
import { seedDatabase } from './db/seed.ts';
import { app } from './src/server/app.ts';
import { ConfigError, loadConfig } from './src/server/env.ts';
import {
  answerFromLiveAnswers,
  answerFromPageCache,
  type KeptLiveAnswers,
} from './src/server/caching/page-cache.ts';
import { acquireSiteLock, SiteLockedError } from './src/server/storage/site-lock.ts';

/**
 * When each step of the start ended, in ms since the process began (`performance.timeOrigin`), logged
 * once the server listens so a slow start says where its time went: Node's own start, then loading
 * `npm start`'s script and this bundle, opening the database (PostgreSQL started, migrations checked or
 * applied), the first queries of the site's own (the seed), then building the app and listening.
 */
export interface StartPhases {
  node: number;
  bundle: number;
  database: number;
  firstQuery: number;
  listening: number;
}

async function main() {
  const sinceProcessStart = () => Math.round(performance.now());
  const bundle = sinceProcessStart();
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  if (!config.databaseUrl) {
    try {
      acquireSiteLock(config.dataDir, 'the site server (npm start)', config.port);
    } catch (error) {
      if (error instanceof SiteLockedError) {
        console.error(error.message);
        process.exit(1);
      }
      throw error;
    }
  }
  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir },
  );
  const databaseOpened = sinceProcessStart();
  const seed = await seedDatabase(database.db, config);
  const firstQuery = sinceProcessStart();

  // Set on SIGTERM: every answer from then on closes its connection, so keep-alive clients come back on
  // a new one, which a load balancer sends to an instance that is staying.
  let draining = false;
  // The live answers of the minute and the clock, known once the app is built, before any request.
  let keptLive: KeptLiveAnswers | undefined;
  const fastify: FastifyInstance = Fastify({
    // Requests already on their way when the instance begins to stop are answered, not refused with a 503.
    return503OnClosing: false,
    logger: { level: 'info' },
    // A line per request costs more than serving a cached page; failures and slow answers are logged below.
    logController: new LogController({ disableRequestLogging: config.nodeEnv === 'production' }),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 1_000 },
    // Our own server, so that a page already rendered for visitors is answered before Fastify builds its
    // request (src/server/caching/page-cache.ts, answerFromPageCache): twice the pages a second. Fastify leaves the timeouts
    // of a server it did not make to us.
    serverFactory: (handler) => {
      const server = createServer(
        { requestTimeout: 30_000, keepAliveTimeout: 10_000 },
        (request, response) => {
          if (draining) response.setHeader('Connection', 'close');
          if (
            !answerFromPageCache(
              fastify.pageCache,
              fastify.securityHeaders,
              request,
              response,
              fastify.analytics,
            ) &&
            !answerFromLiveAnswers(
              fastify.pageCache,
              (keptLive ??= { answers: fastify.liveAnswers, now: () => fastify.clock() }),
              fastify.securityHeaders,
              request,
              response,
              fastify.analytics,
            )
          )
            handler(request, response);
        },
      );
      server.setTimeout(60_000);
      return server;
    },
  });
  if (config.nodeEnv === 'production') {
    fastify.addHook('onResponse', async (request, reply) => {
      if (reply.statusCode >= 500 || reply.elapsedTime > 1_000) {
        request.log.warn(
          {
            method: request.method,
            url: request.url,
            statusCode: reply.statusCode,
            ms: Math.round(reply.elapsedTime),
          },
          'slow or failed request',
        );
      }
    });
  }
  await fastify.register(app, {
    config,
    database,
    // After a restart the first visitors and health checks come before the work left pending.
    backgroundStartDelayMs: 1_000,
    nightlyBackups: {},
    ssr: { mode: config.nodeEnv === 'development' ? 'development' : 'production' },
    cachedAnswersServedBefore: true,
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    draining = true;
    fastify.log.info(`${signal} received: finishing in-flight requests`);
    // A request stuck past this point should not keep the process alive forever.
    const forced = setTimeout(() => process.exit(1), 15_000);
    forced.unref();
    await fastify.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await fastify.listen({ port: config.port, host: config.host });
  const phases: StartPhases = {
    node: Math.round(performance.nodeTiming.bootstrapComplete),
    bundle,
    database: databaseOpened,
    firstQuery,
    listening: sinceProcessStart(),
  };
  // The process's start as a time of day, so that whoever started it (npm, a service manager) can tell
  // how long it took before this process existed.
  fastify.log.info({ phases, processStartedAt: performance.timeOrigin }, 'started');
  console.log(
    `\n  Site ready at ${config.publicUrl}  (database: ${database.kind === 'pglite' ? `embedded, ${config.dataDir}` : 'PostgreSQL'})`,
  );
  if (seed.generatedAdmin) {
    console.log(
      `\n  Admin account created. Sign in at ${config.publicUrl}/admin-login with\n    username: ${seed.generatedAdmin.username}\n    password: ${seed.generatedAdmin.password}\n  This password is shown only once; keep it somewhere safe.\n`,
    );
  }
}

/** Settles once the server is listening: `npm start` then saves what the start compiled (scripts/code-cache.mjs). */
export const ready = main().catch((error) => {
  console.error(error);
  process.exit(1);
});
