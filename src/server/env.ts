import { MIN_PASSWORD_LENGTH } from '../shared/schemas/account.ts';
import { randomBytes } from 'node:crypto';
import { dirname, join, resolve } from 'node:path';
import { z } from 'zod';

// Every environment setting the server takes (README.md, Configuration), parsed once; nothing else
// reads process.env.
const envSchema = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  UPLOADS_DIR: z.string().min(1).default('./uploads'),
  UPLOAD_STORAGE: z.enum(['folder', 'database']).optional(),
  UPLOAD_CACHE_MB: z.coerce.number().int().min(0).max(1_000_000).default(1024),
  BACKUP_DIR: z.string().min(1).optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  ADMIN_USERNAME: z.string().min(1).max(100).default('admin'),
  ADMIN_PASSWORD: z
    .string()
    .min(MIN_PASSWORD_LENGTH, `must be at least ${MIN_PASSWORD_LENGTH} characters`)
    .optional(),
  ADMIN_EMAIL: z.email('must be an email address').max(255).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  TRUST_PROXY: z.string().min(1).optional(),
});

export interface AppConfig {
  nodeEnv: 'production' | 'development' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  uploadsDir: string;
  /**
   * Where uploaded files are kept: `folder` is UPLOADS_DIR; `database` is PostgreSQL, so that every
   * instance serves every file, with copies of what each instance served kept under UPLOADS_DIR.
   */
  uploadStorage: 'folder' | 'database';
  /** How many bytes of copies of files kept in the database each instance keeps on its disk. */
  uploadCacheBytes: number;
  /** Where the nightly backups are written; by default a `backups` folder beside DATA_DIR. */
  backupDir: string;
  publicUrl: string;
  adminUsername: string;
  adminPassword: string | undefined;
  /** The email of the admin created on first start; new-lead alerts go there until Settings names one. */
  adminEmail: string | undefined;
  smtpUrl: string | undefined;
  trustProxy: boolean | string[] | ((address: string, hop: number) => boolean);
}

export class ConfigError extends Error {}

/** Parses the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // Empty strings count as unset, as shells and .env files often leave them.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  if (e.UPLOAD_STORAGE === 'database' && !e.DATABASE_URL) {
    throw new ConfigError(
      'Invalid environment:\n  UPLOAD_STORAGE: database needs DATABASE_URL (the embedded database keeps uploads in UPLOADS_DIR)',
    );
  }
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: resolve(e.DATA_DIR),
    uploadsDir: resolve(e.UPLOADS_DIR),
    uploadStorage: e.UPLOAD_STORAGE ?? (e.DATABASE_URL ? 'database' : 'folder'),
    uploadCacheBytes: e.UPLOAD_CACHE_MB * 1024 * 1024,
    backupDir: resolve(e.BACKUP_DIR ?? join(dirname(resolve(e.DATA_DIR)), 'backups')),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD,
    adminEmail: e.ADMIN_EMAIL,
    smtpUrl: e.SMTP_URL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
  };
}

// A number is a hop count: trust that many proxies in front of us. Fastify refuses plain hop counts
// (they cannot check the nearest peer), so it is given as the function proxy-addr would build.
function parseTrustProxy(value: string | undefined): AppConfig['trustProxy'] {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value.split(',').map((part) => part.trim());
}

/** A configuration for tests: nothing touches the real environment or disk outside tmp. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    nodeEnv: 'test',
    port: 0,
    host: '127.0.0.1',
    databaseUrl: undefined,
    dataDir: resolve('data-test'),
    uploadsDir: resolve(`node_modules/.tmp/uploads-${randomBytes(6).toString('hex')}`),
    uploadStorage: 'folder',
    uploadCacheBytes: 64 * 1024 * 1024,
    backupDir: resolve(`node_modules/.tmp/backups-${randomBytes(6).toString('hex')}`),
    publicUrl: 'http://localhost:3000',
    adminUsername: 'admin',
    adminPassword: undefined,
    adminEmail: undefined,
    smtpUrl: undefined,
    trustProxy: false,
    ...overrides,
  };
}
