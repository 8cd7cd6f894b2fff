import type { FastifyReply, FastifyRequest } from 'fastify';
import { STALE_VERSION_MESSAGE } from '../../lib/versions.js';
import { HttpError } from '../http/errors.js';

/**
 * Every editable record carries a version, bumped by each write. An admin read answers it (in the record and as
 * `ETag`); a write that names the version it was based on (`If-Match`) is refused when the record changed since,
 * so that one editor's save never silently overwrites another's. A write without `If-Match` is not checked.
 */
export const BAD_IF_MATCH_MESSAGE = 'Заголовок If-Match должен содержать версию записи, полученную при её чтении (например "3").';

/** The `ETag` of a record's version: a strong validator, as `If-Match` compares strongly. */
export const versionTag = (version: number): string => `"${version}"`;

/** The versions `If-Match` accepts: null for none or `*` (any version), else the listed ones. */
export function expectedVersions(request: FastifyRequest): number[] | null {
  const header = request.headers['if-match'];
  if (header === undefined || header.trim() === '*') return null;
  const versions = header.split(',').map((tag) => /^\s*"(\d{1,15})"\s*$/.exec(tag)?.[1]);
  if (versions.some((version) => version === undefined)) throw new HttpError(400, BAD_IF_MATCH_MESSAGE);
  return versions.map(Number);
}

/** Who saved a record last and when, as a conflict answer names them. */
export interface LastSave {
  by: string;
  at: string;
}

/** Whether a write based on the `expected` versions would overwrite a newer one. */
export const isStale = (expected: number[] | null, currentVersion: unknown): boolean => expected !== null && !expected.includes(Number(currentVersion));

/** The 409 of a stale write; with the last save, the admin shows who saved meanwhile and when. */
export const staleVersion = (lastSave: LastSave | null = null): HttpError =>
  new HttpError(409, STALE_VERSION_MESSAGE, undefined, lastSave ? { saved: lastSave } : undefined);

/** Refuses (409) a write based on another version than the record's current one; run it on the locked row. */
export function assertVersionIn(expected: number[] | null, currentVersion: unknown): void {
  if (isStale(expected, currentVersion)) throw staleVersion();
}

/** Sends the record's version as its `ETag`. */
export function tagVersion(reply: FastifyReply, record: unknown): void {
  const version = typeof record === 'object' && record !== null ? (record as { version?: unknown }).version : undefined;
  if (typeof version === 'number') void reply.header('ETag', versionTag(version));
}

/** The header with which the admin says a save deliberately replaces a newer version (the editor chose «Оставить мою»). */
export const OVERWRITE_HEADER = 'x-conflict-resolution';

/** The audit action of a save: `overwrite` when the editor chose to replace another editor's newer version. */
export const auditActionOf = (request: FastifyRequest, action: string): string => (request.headers[OVERWRITE_HEADER] === 'overwrite' ? 'overwrite' : action);
