import type { Progress } from './create.js';

const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/**
 * Reports progress on standard error at most once a second (`rows`, `files`, `MB`), on one line that rewrites itself
 * on a terminal; `done` ends the line.
 */
export function progressLine(label: string, stream: NodeJS.WriteStream = process.stderr) {
  let shownAt = 0;
  let last = '';
  const show = (progress: Progress, force = false) => {
    const now = Date.now();
    if (!force && now - shownAt < 1000) return;
    shownAt = now;
    last = `${label}: ${progress.rows.toLocaleString('en')} rows, ${progress.files.toLocaleString('en')} files${progress.bytes ? `, ${megabytes(progress.bytes)} MB` : ''}`;
    stream.write(stream.isTTY ? `\r${last}` : `${last}\n`);
  };
  return {
    update: (progress: Progress) => show(progress),
    done: (progress: Progress) => {
      show(progress, true);
      if (stream.isTTY) stream.write('\n');
      return last;
    },
  };
}
