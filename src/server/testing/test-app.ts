import { rm } from 'node:fs/promises';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../../db/client.ts';
import type { UserRole } from '../../../db/schema/index.ts';
import { app, type AppOptions } from '../app.ts';
import { testConfig, type AppConfig } from '../env.ts';
import { seedDefaultSettings } from '../services/settings.ts';
import { createUser } from '../services/users.ts';
import { createTestDatabase } from './test-database.ts';

export const TEST_PASSWORD = 'correct horse battery staple';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: AppConfig;
  /** Creates a user of that role and signs in; returns the Cookie header value. */
  signInAs(role: UserRole, username?: string): Promise<string>;
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
  const config = testConfig(options.config);
  const fastify = Fastify({ logger: false, routerOptions: { maxParamLength: 1_000 } });
  await fastify.register(app, { ...options, config, database });
  await fastify.ready();
  let users = 0;
  return {
    app: fastify,
    database,
    config,
    async signInAs(role, username = `${role}${++users}`) {
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
    },
    async close() {
      await fastify.close();
      await database.close();
      await rm(config.uploadsDir, { recursive: true, force: true });
    },
  };
}
