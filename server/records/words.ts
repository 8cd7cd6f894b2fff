import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';

/**
 * A word index for a list's search box (`searchIn: { words }`): the words of a record's searched columns, one row
 * each in a table of `(word, record_id)`, so that a word of the query is looked up as the beginning of a word
 * through the table's index instead of as a substring of every row.
 */

const LONGEST_WORD = 100;

/** The words of texts as the index keeps them: lower case, «ё» as «е», runs of letters and digits. */
export function wordsOf(...texts: string[]): string[] {
  const words = texts.flatMap(
    (text) =>
      text
        .toLocaleLowerCase('ru-RU')
        .replace(/ё/g, 'е')
        .match(/[\p{L}\p{N}]+/gu) ?? [],
  );
  return [...new Set(words.map((word) => word.slice(0, LONGEST_WORD)))];
}

/** Writes the words of records (their searched texts), replacing what the table held for them. */
export async function keepWords(db: Kysely<unknown>, table: string, records: readonly { id: number; texts: readonly string[] }[]): Promise<void> {
  if (!records.length) return;
  const words = db as Kysely<Record<string, { word: string; record_id: number }>>;
  await words
    .deleteFrom(table)
    .where(
      'record_id',
      'in',
      records.map((record) => record.id),
    )
    .execute();
  const rows = records.flatMap((record) => wordsOf(...record.texts).map((word) => ({ word, record_id: record.id })));
  for (let at = 0; at < rows.length; at += 500)
    await words
      .insertInto(table)
      .values(rows.slice(at, at + 500))
      .execute();
}

/** How many rows a word's beginning is counted up to when choosing the rarest word of a query. */
const COUNTED_MAX = 20_000;
/**
 * When the rarest word has at most this many records, the matching records are found among them first and go into
 * the list's query as ids: the planner then sees how few they are (PostgreSQL would otherwise walk the list's order
 * through every row, checking each against the words).
 */
const LISTED_MAX = 5_000;

/**
 * The rows of `table` of which each word of the query begins a word (through the word table `words`); null when no
 * row can be (a query without words, or a word no row has), so that the caller leaves the condition out. The rarest
 * word gives the candidates (its range of the index), and each other word is checked for them alone (an index seek
 * by record), so a common word («фото») costs little beside a rare one.
 */
export async function wordsCondition(db: Kysely<unknown>, table: string, words: string, q: string): Promise<RawBuilder<SqlBool> | null> {
  const wanted = wordsOf(q);
  if (!wanted.length) return null;
  // Every word beginning with `word` sorts from it to it followed by the highest character there is.
  const range = (word: string, column = 'word') => sql<SqlBool>`${sql.ref(column)} >= ${word} and ${sql.ref(column)} < ${`${word}\u{10ffff}`}`;
  const counted = await Promise.all(
    wanted.map(async (word) => {
      const { rows } = await sql<{ count: number | string }>`select count(*) as count from (select 1 from ${sql.table(words)}
        where ${range(word)} limit ${COUNTED_MAX}) as found`.execute(db);
      return { word, count: Number(rows[0]?.count ?? 0) };
    }),
  );
  const [rarest, ...others] = counted.sort((a, b) => a.count - b.count);
  if (!rarest || rarest.count === 0) return null;
  const otherWords = (id: RawBuilder<unknown>) =>
    others.map(({ word }) => sql<SqlBool>`exists (select 1 from ${sql.table(words)} as other where other.record_id = ${id} and ${range(word, 'other.word')})`);
  if (rarest.count <= LISTED_MAX) {
    const { rows } = await sql<{ record_id: number }>`select distinct record_id from ${sql.table(words)} as w
      where ${sql.join([range(rarest.word, 'w.word'), ...otherWords(sql.ref('w.record_id'))], sql` and `)}`.execute(db);
    return rows.length ? sql<SqlBool>`${sql.ref(`${table}.id`)} in (${sql.join(rows.map((row) => Number(row.record_id)))})` : null;
  }
  const parts = [
    sql<SqlBool>`${sql.ref(`${table}.id`)} in (select record_id from ${sql.table(words)} where ${range(rarest.word)})`,
    ...otherWords(sql.ref(`${table}.id`)),
  ];
  return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
}
