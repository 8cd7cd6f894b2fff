import { readFileSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../projectRoot.js';

/** The version of the product that runs (package.json's `version`), which an archive names; 'unknown' when unreadable. */
export function productVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(path.join(projectRoot(), 'package.json'), 'utf8')) as { version?: unknown };
    return typeof pkg.version === 'string' ? pkg.version : 'unknown';
  } catch {
    return 'unknown';
  }
}
