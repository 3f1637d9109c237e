// Creates and migrates an embedded database in the folder given, then closes it: the browser tests' servers
// start from copies of it (global-setup.ts) instead of each creating and migrating its own.
import { openDatabase } from '../../db/client.ts';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: migrate-data-dir.ts <folder>');
await (await openDatabase({ dataDir })).close();
