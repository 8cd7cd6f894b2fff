import { randomBytes } from 'node:crypto';
import { appendFile, mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';

/** The mark a SQLite server keeps in its data folder while it runs: its pid (server/files/runningMark.ts). */
const RUNNING_MARK = 'running';
/** The journal of a restore in progress in the data folder; it is gone once the restore ended, well or not. */
const JOURNAL = 'restore-unfinished';

/** Whether a process of this pid is alive (one of another user counts: it answers EPERM). */
function alive(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The pid of a server that runs on the SQLite database in `dataDir`, or null. A server writes its pid into the
 * data folder as it starts and removes it as it stops; one left by a server that crashed names a pid no longer
 * alive and is ignored. Restoring under a running server would change the database beneath it.
 */
export async function runningServerPid(dataDir: string): Promise<number | null> {
  const text = await readFile(path.join(dataDir, RUNNING_MARK), 'utf8').catch(() => null);
  const pid = text === null ? NaN : Number(text.trim());
  return alive(pid) ? pid : null;
}

/**
 * The files a restore that did not finish left under the keys it journaled: each file, and the uploads folder's
 * temporary file of one it was writing when it stopped (`<key>.<random>.tmp`, server/files/store.ts).
 */
export function leftoversOf(written: readonly string[], stored: readonly string[]): string[] {
  const keys = new Set(written);
  return [...written, ...stored.filter((key) => key.endsWith('.tmp') && keys.has(key.replace(/\.[0-9a-f]+\.tmp$/, '')))];
}

/** What the journal of a restore that did not finish says. */
export interface UnfinishedRestore {
  pid: number;
  startedAt: string;
  /** The target held no site when that restore began: whatever it holds now, that restore put there. */
  targetWasEmpty: boolean;
  /** The files that restore wrote (none the target had before); they are named by no committed row unless `committed`. */
  written: string[];
  /** Its database transaction committed: the target holds the archive's rows, perhaps without its search index. */
  committed: boolean;
}

/**
 * The journal a restore keeps in the data folder while it works: its start, then each file's key before the file is
 * written, then `committed` once the database transaction is. A restore killed midway (SIGKILL, power cut) leaves
 * it behind; the database rolls its transaction back by itself, and the next restore removes the files it lists,
 * so the target is as it was. Each line is appended before what it announces happens, so no file goes unlisted.
 */
export class RestoreJournal {
  private readonly file: string;

  constructor(private readonly dataDir: string) {
    this.file = path.join(dataDir, JOURNAL);
  }

  /** The journal of an earlier restore that did not finish, or null. */
  async unfinished(): Promise<UnfinishedRestore | null> {
    const text = await readFile(this.file, 'utf8').catch(() => null);
    if (text === null) return null;
    const [header = '', ...lines] = text.split('\n');
    let start: { pid?: unknown; startedAt?: unknown; targetWasEmpty?: unknown } = {};
    try {
      start = JSON.parse(header) as typeof start;
    } catch {
      // A journal cut off in its first line: its restore wrote nothing yet.
    }
    return {
      pid: typeof start.pid === 'number' ? start.pid : 0,
      startedAt: typeof start.startedAt === 'string' ? start.startedAt : 'an unknown time',
      targetWasEmpty: start.targetWasEmpty === true,
      written: lines.filter((line) => line.startsWith('+')).map((line) => line.slice(1)),
      committed: lines.includes('committed'),
    };
  }

  /** Whether the journal is that of a restore still running in another process. */
  static running(journal: UnfinishedRestore): boolean {
    return alive(journal.pid);
  }

  /** Begins this restore's journal (replacing an earlier one, whose leftovers were dealt with). */
  async begin(targetWasEmpty: boolean): Promise<void> {
    // Written whole under another name and renamed, so that a journal is never half a header.
    await mkdir(this.dataDir, { recursive: true });
    const temporary = `${this.file}.${randomBytes(4).toString('hex')}.tmp`;
    const handle = await open(temporary, 'w', 0o600);
    try {
      await handle.writeFile(`${JSON.stringify({ pid: process.pid, startedAt: new Date().toISOString(), targetWasEmpty })}\n`);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, this.file);
  }

  async writing(key: string): Promise<void> {
    await appendFile(this.file, `+${key}\n`);
  }

  async committed(): Promise<void> {
    await appendFile(this.file, 'committed\n');
  }

  /** The restore ended: it finished, or it undid what it wrote. */
  async end(): Promise<void> {
    await rm(this.file, { force: true });
  }
}
