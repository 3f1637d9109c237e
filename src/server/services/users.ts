import { hash, verify } from '@node-rs/argon2';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { users, type User, type UserRole } from '../../../db/schema/index.ts';
import { UnauthorizedError } from '../errors.ts';

// OWASP's argon2id minimum (19 MiB, 2 passes); about 30 ms here, tolerable for a sign-in.
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1, outputLen: 32 } as const;

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid username or password';

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

// Verifying against this when the username is unknown makes both failures take as long.
let decoyHash: Promise<string> | undefined;
function getDecoyHash(): Promise<string> {
  decoyHash ??= hashPassword('decoy password that matches nothing');
  return decoyHash;
}

/** The active user these credentials belong to; one message for every kind of failure. */
export async function verifyCredentials(db: Database, username: string, password: string): Promise<User> {
  const [user] = await db.select().from(users).where(eq(sql`lower(${users.username})`, username.toLowerCase()));
  if (!user) {
    await verify(await getDecoyHash(), password);
    throw new UnauthorizedError(INVALID_CREDENTIALS_MESSAGE);
  }
  const matches = await verify(user.passwordHash, password);
  if (!matches || !user.isActive) throw new UnauthorizedError(INVALID_CREDENTIALS_MESSAGE);
  return user;
}

export async function recordLogin(db: Database, userId: number, now = new Date()): Promise<void> {
  await db.update(users).set({ lastLoginAt: now }).where(eq(users.id, userId));
}

export async function countUsers(db: Database): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  return row?.count ?? 0;
}

export async function createUser(
  db: Database,
  input: { username: string; email: string; password: string; role: UserRole },
): Promise<User> {
  const [user] = await db
    .insert(users)
    .values({ username: input.username, email: input.email, role: input.role, passwordHash: await hashPassword(input.password) })
    .returning();
  return user!;
}

export async function setPassword(db: Database, userId: number, password: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(password), updatedAt: new Date() })
    .where(eq(users.id, userId));
}

export async function findUserByUsername(db: Database, username: string): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(sql`lower(${users.username})`, username.toLowerCase()));
  return user;
}
