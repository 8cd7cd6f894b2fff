import { HTML_MAX } from '../../lib/resources/fields.js';
import { RefusedDocumentError, sanitizeHtml, sanitizeSvg } from './sanitize.js';
import { looksLikeSvg } from './svgProlog.js';
import { typesetHtml, typesetText } from './typography.js';
import { epochMicros } from './epochMicros.js';

/**
 * The entry of the content worker threads (`workerPool.ts`): the work whose cost grows with what an editor or a
 * visitor sends, done away from the thread that answers requests. Each job is one piece of content; its answer is
 * plain data, as it crosses threads.
 */

export type ContentJob =
  /**
   * Rich HTML sanitised, then typeset when its field declares typography; typeset text longer than the field allows
   * (spaces added) stays as sanitised, so that the stored record can always be saved again unchanged. When the clean
   * HTML is the `stored` text (the editor's markup differs from it only in how it is written), that text stays as it
   * is: typography changes only what an editor changed.
   */
  | { kind: 'html'; html: string; typeset: boolean; stored?: string }
  /** A plain text typeset. */
  | { kind: 'text'; text: string }
  /** Stored rich HTML (sanitised when it was written) typeset. */
  | { kind: 'typesetHtml'; html: string }
  /** An uploaded file said to be SVG: its content checked, then sanitised. */
  | { kind: 'svg'; data: Uint8Array };

export type ContentOutcome =
  | { value: string }
  /** The content is refused; the message says why, in Russian. */
  | { refused: string }
  /** An upload said to be SVG is not SVG text at all (not its extension's kind). */
  | { notSvg: true };

function svgOf(data: Uint8Array): ContentOutcome {
  const text = looksLikeSvg(data);
  if (text === null) return { notSvg: true };
  const clean = sanitizeSvg(text);
  return clean === null ? { refused: 'Файл не является изображением SVG.' } : { value: clean };
}

function run(job: ContentJob): ContentOutcome {
  switch (job.kind) {
    case 'html': {
      const clean = sanitizeHtml(job.html);
      if (clean === job.stored) return { value: clean };
      const typeset = job.typeset ? typesetHtml(clean) : clean;
      return { value: typeset.length <= HTML_MAX ? typeset : clean };
    }
    case 'text':
      return { value: typesetText(job.text) };
    case 'typesetHtml':
      return { value: typesetHtml(job.html) };
    case 'svg':
      return svgOf(job.data);
  }
}

/**
 * A job as the pool sends it, with the shared memory where its worker writes the moment it starts on it (microseconds
 * since the epoch; 0 until then).
 */
export interface ContentTask {
  job: ContentJob;
  started: SharedArrayBuffer;
}

export default function runContentTask({ job, started }: ContentTask): ContentOutcome {
  Atomics.store(new BigInt64Array(started), 0, epochMicros());
  try {
    return run(job);
  } catch (error) {
    if (error instanceof RefusedDocumentError) return { refused: error.message };
    throw error;
  }
}
