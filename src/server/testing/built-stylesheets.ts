import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A built client folder (dist/client's shape) holding `files`, by name, as its stylesheets under
 * /assets/static/.
 */
export function builtClientWithStylesheets(files: Record<string, string>): string {
  const clientDir = mkdtempSync(join(tmpdir(), 'built-client-'));
  mkdirSync(join(clientDir, 'assets', 'static'), { recursive: true });
  for (const [name, css] of Object.entries(files))
    writeFileSync(join(clientDir, 'assets', 'static', name), css);
  return clientDir;
}
