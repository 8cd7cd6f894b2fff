import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { UploadedFile } from '../records/upload.js';
import type { FileChanges } from '../records/fileChanges.js';
import type { Db, Trx } from '../db/schema.js';

export type { Db, Trx };
/** A row of a table chosen at run time; the descriptors' field names are the only names that reach SQL. */
export type Row = { id: number } & Record<string, unknown>;
export type Values = Record<string, unknown>;

/** One add or update, as the hooks see it. */
export interface WriteContext {
  request: FastifyRequest;
  trx: Trx;
  files: FileChanges;
  /** The body's values, checked against the route's schema. */
  values: Values;
  /** The files of the multipart form, each already checked. */
  uploads: readonly UploadedFile[];
  /** The row before an update; null on add. */
  current: Row | null;
}

/**
 * What a resource does beyond its declaration, beside the generic reads and writes. Each hook is small and
 * optional; a resource without special behaviour has none.
 */
export interface ResourceHooks {
  /** The admin read shape of rows (default: the columns, image columns as public images). */
  present?: (db: Db, rows: Row[]) => Promise<unknown[]> | unknown[];
  /** Body fields with rules of their own, replacing or adding to the declared ones. */
  fieldSchemas?: Record<string, z.ZodType>;
  /** Checks beyond the declared rules, before anything is stored and outside the write's transaction (throw a 400 or 409). */
  check?: (db: Db, values: Values, current: Row | null, uploads: readonly UploadedFile[], request: FastifyRequest) => Promise<void>;
  /**
   * A lock every write of the resource (a save or a removal) takes first in its transaction, before its row is
   * locked: for writes that decide on other rows than their own (a folder's move reads the path above its new
   * parent), which then run one at a time instead of deciding on what another is changing or locking crosswise.
   */
  serializedBy?: string;
  /** Checks that read other rows, inside the write's transaction once the row and the `serializedBy` lock are held. */
  checkInWrite?: (trx: Trx, values: Values, current: Row | null) => Promise<void>;
  /** Columns the resource computes itself (a logo's colours, a photo's file size), inside the write's transaction. */
  columns?: (context: WriteContext) => Promise<Values>;
  /** Rows that belong to the written one (a logo's files), inside the write's transaction. */
  afterWrite?: (context: WriteContext, row: Row) => Promise<void>;
  /** Files the record keeps in rows of its own (a logo's files), by field: its uses of library assets. */
  assetKeys?: (trx: Trx, row: Row) => Promise<Record<string, string[]>>;
  /** Before a removal inside the transaction: throw to refuse it (a folder that still holds something). */
  beforeRemove?: (trx: Trx, row: Row) => Promise<void>;
  /** Files the row and what goes with it point to, removed once the row is gone (besides its image columns). */
  filesOf?: (trx: Trx, row: Row) => Promise<string[]>;
  /** Replaces deletion: a press source is deactivated instead, since press items keep pointing to it. */
  remove?: (trx: Trx, row: Row) => Promise<Row>;
  /** After a removal inside the transaction (a fixed video's order closes up). */
  afterRemove?: (trx: Trx, row: Row) => Promise<void>;
  /** After a restore from the trash inside the transaction (a fixed video back in its place among the fixed ones). */
  afterRestore?: (trx: Trx, row: Row) => Promise<void>;
  /** Verbs of the resource's own (`fix`, `unfix`…): a change of the row, audited, answering the changed row. */
  verbs?: Record<string, (trx: Trx, row: Row) => Promise<void>>;
  /** Routes of its own: text pages' update by identifier, the users' REST. */
  routes?: (app: FastifyInstance) => void | Promise<void>;
}
