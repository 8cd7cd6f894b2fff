import { parse } from 'csv-parse/sync';
import { nowIso } from '../content/visibility.js';
import { canonicalPath } from '../http/canonicalPath.js';
import { formError } from '../http/validation.js';
import type { Db } from '../resources/hooks.js';
import { decodedPath } from './paths.js';
import { addressProblem, indexRedirects, PAGE_WINS_MESSAGE, redirectProblem, type Redirect, type RedirectIndex } from './rules.js';

/** The largest file an import takes, and the most rows in it. */
export const MAX_IMPORT_BYTES = 2 * 1024 * 1024;
const MAX_IMPORT_ROWS = 10_000;
/** How many problems the answer lists at most; a file with more is usually in another format altogether. */
const MAX_REPORTED = 20;

export interface Line extends Redirect {
  number: number;
}

/**
 * The rows of the file: two columns, old address then new; a first line that is not an address is a header.
 * Addresses are read in the decoded form redirects are stored in (the old one in the spelling requests reach the site
 * in); one with a malformed escape stays as written, for `lineProblem` to refuse.
 */
export function readImport(csv: string): Line[] {
  let records: string[][];
  try {
    records = parse(csv, { delimiter: [',', ';', '\t'], skip_empty_lines: true, trim: true, relax_column_count: true, bom: true });
  } catch (error) {
    throw formError({ csv: [`Файл не читается как CSV: ${(error as Error).message}`] });
  }
  const address = (cell: string | undefined) => decodedPath(cell ?? '') ?? cell ?? '';
  const oldAddress = (cell: string | undefined) => {
    const decoded = address(cell);
    return decoded.startsWith('/') && addressProblem('from_path', decoded) === null ? canonicalPath(decoded) : decoded;
  };
  const lines = records.map((cells, index) => ({ number: index + 1, from_path: oldAddress(cells[0]), to_path: address(cells[1]) }));
  if (lines[0] && !lines[0].from_path.startsWith('/')) lines.shift();
  if (lines.length === 0) throw formError({ csv: ['В файле нет ни одной строки вида «/старый-адрес,/новый-адрес».'] });
  if (lines.length > MAX_IMPORT_ROWS) throw formError({ csv: [`Не больше ${MAX_IMPORT_ROWS} строк за один раз.`] });
  return lines;
}

/** What is wrong with one line, checked by the same rules as a redirect saved on its own. */
function lineProblem(line: Line, others: RedirectIndex, firstLineOf: Map<string, number>, pages: ReadonlySet<string>): string | null {
  for (const field of ['from_path', 'to_path'] as const) {
    if (line[field] === '') return 'нужны два адреса: старый и новый.';
    const problem = addressProblem(field, line[field]);
    if (problem) return problem.startsWith('адрес') ? problem : `«${line[field]}»: ${problem}`;
  }
  const first = firstLineOf.get(line.from_path);
  if (first !== line.number) return `адрес ${line.from_path} уже есть в строке ${first}.`;
  const problem = redirectProblem(line, others)?.message;
  if (problem) return problem;
  return pages.has(line.from_path) ? `«${line.from_path}»: ${PAGE_WINS_MESSAGE}` : null;
}

/**
 * Imports the lines of a CSV file (`readImport`): all lines or none. A line for an address that already redirects
 * replaces that redirect. Every line is checked with the others of the file and the redirects already stored: no
 * loops, no chains (`origin`: the site's, on which an absolute address is a path of the site), and none from an
 * address where a page answers (`pages`, asked before the transaction).
 */
export async function importRedirects(trx: Db, lines: readonly Line[], site: { origin: string; pages: ReadonlySet<string> }): Promise<{ imported: number }> {
  const firstLineOf = new Map<string, number>();
  for (const line of lines) if (!firstLineOf.has(line.from_path)) firstLineOf.set(line.from_path, line.number);
  const stored = await trx.selectFrom('redirects').select(['from_path', 'to_path']).execute();
  const kept = stored.filter((redirect) => !firstLineOf.has(redirect.from_path));

  const all = indexRedirects([...kept, ...lines], site.origin);
  const problems: string[] = [];
  for (const line of lines) {
    const problem = lineProblem(line, all, firstLineOf, site.pages);
    if (problem) problems.push(`Строка ${line.number}: ${problem}`);
  }
  if (problems.length > 0) {
    const more = problems.length - MAX_REPORTED;
    throw formError({ csv: [...problems.slice(0, MAX_REPORTED), ...(more > 0 ? [`…и ещё ${more}.`] : [])] });
  }

  const now = nowIso();
  for (const line of lines) {
    await trx
      .insertInto('redirects')
      .values({ from_path: line.from_path, to_path: line.to_path, created_at: now, updated_at: now })
      .onConflict((conflict) => conflict.column('from_path').doUpdateSet({ to_path: line.to_path, updated_at: now }))
      .execute();
  }
  return { imported: lines.length };
}
