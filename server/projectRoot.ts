import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder holding the project's package.json: above `server/` when the server runs from its sources (tsx, tests),
 * above `build/server/` when it runs compiled. The working folder when neither has one.
 */
export function projectRoot(): string {
  let folder = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(folder, 'package.json'))) {
    const parent = path.dirname(folder);
    if (parent === folder) return process.cwd();
    folder = parent;
  }
  return folder;
}
