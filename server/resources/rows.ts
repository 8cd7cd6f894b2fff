import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { ResourceDescriptor } from '../../lib/resources/index.js';
import { lastWriteOf } from '../records/audit.js';
import { closeGap, nextPosition, type OrderedList } from '../records/ordering.js';
import { SLUG_TAKEN_MESSAGE } from '../records/unique.js';
import { expectedVersions, isStale, staleVersion } from '../records/versions.js';
import { nowIso } from '../content/visibility.js';
import { declared } from '../db/declared.js';
import { isPostgres } from '../db/dialect.js';
import { notFound } from '../http/errors.js';
import type { Db, Row, Trx, Values } from './hooks.js';
import { defaultOf } from './zod.js';

/** The rows of a declared resource's table: reading, locking, inserting and updating them, and the checks against other rows. */

/** Kysely over the table a descriptor names. */

export async function loadRow(db: Db, resource: ResourceDescriptor, id: number): Promise<Row | undefined> {
  return (await declared(db).selectFrom(resource.table).selectAll().where('id', '=', id).executeTakeFirst()) as Row | undefined;
}

export async function loadOr404(db: Db, resource: ResourceDescriptor, id: number): Promise<Row> {
  const row = await loadRow(db, resource, id);
  if (!row) throw notFound();
  return row;
}

/**
 * The row a write is about to change or remove, locked against the other writers of that row until the
 * transaction ends: what the write keeps of it (a revision, a trash entry, the files to delete) is then what it
 * replaces, and the version the request's `If-Match` names must still be its version. PostgreSQL locks the row;
 * SQLite has one writer at a time. `expected` replaces the request's `If-Match` where the write knows better (a
 * draft's publication expects the live version the draft was begun from).
 */
export async function lockedForWrite(
  trx: Db,
  request: FastifyRequest,
  resource: ResourceDescriptor,
  id: number,
  expected: number[] | null = expectedVersions(request),
): Promise<Row> {
  const query = declared(trx).selectFrom(resource.table).selectAll().where('id', '=', id);
  const row = await (isPostgres(trx) ? query.forUpdate() : query).executeTakeFirst();
  if (!row) throw notFound();
  if (isStale(expected, row.version)) throw staleVersion(await lastWriteOf(trx, resource.name, id));
  return row as Row;
}

/** Marks a row changed by a write that did not go through `updateRow` (a verb): its version moves on. */
export async function bumpVersion(trx: Db, resource: ResourceDescriptor, id: number): Promise<void> {
  await declared(trx)
    .updateTable(resource.table)
    .set({ version: sql`version + 1` })
    .where('id', '=', id)
    .execute();
}

/** The list an ordered row belongs to (the rows sharing its scope column's value). */
export function orderedListOf(resource: ResourceDescriptor, row: Values): OrderedList {
  const scope = resource.ordered?.scope ?? '';
  return { table: resource.table as OrderedList['table'], column: 'position', scope: { column: scope, value: Number(row[scope]) }, first: 0 };
}

/** A field whose value breaks a rule, with the declared message. */
export type FieldProblem = { field: string; message: string };

/** The first reference that names no existing record. */
export async function missingReference(db: Db, resource: ResourceDescriptor, values: Values, tableOf: (name: string) => string): Promise<FieldProblem | null> {
  for (const [name, field] of Object.entries(resource.fields)) {
    if (field.kind !== 'reference' || values[name] === null || values[name] === undefined) continue;
    const found = await declared(db).selectFrom(tableOf(field.resource)).select('id').where('id', '=', Number(values[name])).executeTakeFirst();
    if (!found) return { field: name, message: field.missing };
  }
  return null;
}

/** The first value declared unique (a unique text, a slug given explicitly) that belongs to another record. */
export async function takenValue(db: Db, resource: ResourceDescriptor, values: Values, exceptId: number | null): Promise<FieldProblem | null> {
  for (const [name, field] of Object.entries(resource.fields)) {
    const message = field.kind === 'slug' ? SLUG_TAKEN_MESSAGE : field.kind === 'text' ? field.unique : undefined;
    if (message === undefined || values[name] === undefined || values[name] === '') continue;
    let query = declared(db).selectFrom(resource.table).select('id').where(name, '=', values[name]);
    if (exceptId !== null) query = query.where('id', '!=', exceptId);
    if (await query.executeTakeFirst()) return { field: name, message };
  }
  return null;
}

export async function insertRow(trx: Trx, resource: ResourceDescriptor, values: Values): Promise<Row> {
  const row: Values = {};
  for (const [name, field] of Object.entries(resource.fields)) {
    const value = defaultOf(field);
    if (value !== undefined) row[name] = value;
  }
  Object.assign(row, values);
  if (resource.ordered) row.position = await nextPosition(trx, orderedListOf(resource, row));
  if (resource.timestamps) row.created_at = row.updated_at = nowIso();
  return (await declared(trx).insertInto(resource.table).values(row).returningAll().executeTakeFirstOrThrow()) as Row;
}

export async function updateRow(trx: Trx, resource: ResourceDescriptor, current: Row, values: Values): Promise<Row> {
  const changes: Values = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
  const scope = resource.ordered?.scope;
  const moved = scope !== undefined && changes[scope] !== undefined && Number(changes[scope]) !== Number(current[scope]);
  if (moved) changes.position = await nextPosition(trx, orderedListOf(resource, changes));
  if (resource.timestamps) changes.updated_at = nowIso();
  changes.version = Number(current.version) + 1;
  const row = (await declared(trx).updateTable(resource.table).set(changes).where('id', '=', current.id).returningAll().executeTakeFirstOrThrow()) as Row;
  if (moved) await closeGap(trx, orderedListOf(resource, current));
  return row;
}
