// npm run admin:reset-password -- <username>: for an owner locked out of /admin. Sets a new random
// password, enables the account again and ends its sessions; prints the password once.
// With the embedded database, stop the server first: one process at a time may open DATA_DIR.
import { openDatabase } from '../db/client.ts';
import { ConfigError, loadConfig } from '../src/server/env.ts';
import { NotFoundError } from '../src/server/errors.ts';
import { recoverAccount } from '../src/server/services/users.ts';

const username = process.argv[2];
if (!username) {
  console.error('Usage: npm run admin:reset-password -- <username>');
  process.exit(2);
}

let config;
try {
  config = loadConfig();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(2);
}

const database = await openDatabase(
  config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir },
);
try {
  const password = await recoverAccount(database.db, username, config.publicUrl);
  console.log(
    `New password for ${username}: ${password}\nSign in at ${config.publicUrl}/admin-login, then change it under Account.`,
  );
} catch (error) {
  console.error(error instanceof NotFoundError ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
