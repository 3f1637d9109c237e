import { rm } from 'node:fs/promises';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import type { DatabaseHandle } from '../../../db/client.ts';
import type { UserRole } from '../../../db/schema/index.ts';
import { app, type AppOptions } from '../app.ts';
import { testConfig, type AppConfig } from '../env.ts';
import { seedBuiltInServices } from '../../../db/seed.ts';
import { seedDefaultSettings } from '../services/settings.ts';
import { createUser } from '../services/users.ts';
import { createTestDatabase } from './test-database.ts';

/** A clock a test moves by hand: `now()` answers the same moment until `later(ms)` moves it on. */
export interface MovableClock {
  now: () => Date;
  later: (ms: number) => void;
}

export function movableClock(start: string): MovableClock {
  let current = new Date(start);
  return {
    now: () => current,
    later: (ms) => {
      current = new Date(current.getTime() + ms);
    },
  };
}

export const TEST_PASSWORD = 'correct horse battery staple';

/** tRPC procedures called over HTTP (`/trpc/<path>`) as one visitor, the way the admin client calls them. */
export interface TrpcCaller {
  /** The Cookie header sent with every call; undefined for a visitor who is not signed in. */
  cookie: string | undefined;
  /** A query: GET with the input as `?input=<JSON>`. */
  query: (path: string, input?: unknown) => Promise<LightMyRequestResponse>;
  /** A mutation: POST with the input as the JSON body. */
  mutate: (path: string, input?: unknown) => Promise<LightMyRequestResponse>;
}

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: AppConfig;
  /** Creates a user of that role and signs in; returns the Cookie header value. */
  signInAs(role: UserRole, username?: string): Promise<string>;
  /** Creates a user of that role, signs in, and calls procedures as that user. */
  callerAs(role: UserRole, username?: string): Promise<TrpcCaller>;
  /** Calls procedures with that Cookie header, or as a visitor without a session. */
  caller(cookie?: string): TrpcCaller;
  close(): Promise<void>;
}

/** The same app the server runs (fastify/demo's test helper), on a fresh database, without pages. */
export async function buildTestApp(
  options: Partial<Omit<AppOptions, 'database' | 'config'>> & {
    config?: Partial<AppConfig>;
    database?: DatabaseHandle;
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  await seedDefaultSettings(database.db);
  // The site as a fresh install shows it: the built-in services and questions.
  await seedBuiltInServices(database.db);
  const config = testConfig(options.config);
  // Building the app (Vite's dev server, for tests rendering in development) can take more than
  // Fastify's 10 s for a plugin on a machine running other tests at once; the test's own hook timeout
  // is the limit that says a build hung.
  const fastify = Fastify({
    logger: false,
    routerOptions: { maxParamLength: 1_000 },
    pluginTimeout: 120_000,
  });
  // Photos' variants are made only when a test asks (finishPending), not beside tests counting files.
  await fastify.register(app, {
    ...options,
    imageVariants: { background: false, ...options.imageVariants },
    config,
    database,
  });
  await fastify.ready();
  let users = 0;
  const caller = (cookie?: string): TrpcCaller => ({
    cookie,
    query: (path, input) =>
      fastify.inject({
        method: 'GET',
        url: `/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`,
        headers: cookie ? { cookie } : {},
      }),
    mutate: (path, input = {}) =>
      fastify.inject({
        method: 'POST',
        url: `/trpc/${path}`,
        headers: { ...(cookie ? { cookie } : {}), 'content-type': 'application/json' },
        payload: JSON.stringify(input),
      }),
  });
  const signInAs = async (role: UserRole, username = `${role}${++users}`): Promise<string> => {
    await createUser(database.db, {
      username,
      email: `${username}@example.com`,
      password: TEST_PASSWORD,
      role,
    });
    const response = await fastify.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username, password: TEST_PASSWORD },
    });
    if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
    const cookie = response.cookies.find((c) => c.name === 'session');
    return `session=${cookie!.value}`;
  };
  return {
    app: fastify,
    database,
    config,
    signInAs,
    caller,
    async callerAs(role, username) {
      return caller(await signInAs(role, username));
    },
    async close() {
      await fastify.close();
      await database.close();
      await rm(config.uploadsDir, { recursive: true, force: true });
    },
  };
}
