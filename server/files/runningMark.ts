import { existsSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * A mark in the data folder that is there while a server runs on it. A start that finds it knows the last server did
 * not stop cleanly (a crash, a kill, a power cut) and may have left half-written files behind; after a clean stop
 * there is nothing to look for, so a start does no work on the uploads.
 */
export class RunningMark {
  private readonly file: string;

  constructor(dataDir: string) {
    this.file = path.join(dataDir, 'running');
  }

  /** Sets the mark; answers whether the last server left its own behind. */
  async set(): Promise<boolean> {
    const left = existsSync(this.file);
    await writeFile(this.file, `${process.pid}\n`, { mode: 0o600 });
    return left;
  }

  /** Removes the mark: the server stopped cleanly. */
  async clear(): Promise<void> {
    await rm(this.file, { force: true });
  }
}
