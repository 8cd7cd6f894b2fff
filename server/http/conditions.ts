import type { FastifyInstance, FastifyReply } from 'fastify';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';

export const RANGE_NOT_SATISFIABLE_MESSAGE = 'Запрошенный диапазон байтов выходит за пределы файла.';
export const PRECONDITION_FAILED_MESSAGE = 'Условие запроса не выполнено: ресурс изменился или его версия не совпадает с указанной в If-Match.';

const isWeak = (tag: string) => tag.startsWith('W/');

function entityTags(header: string): string[] {
  return header
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);
}

/**
 * Whether `If-Match` refuses a read that would succeed. Only a strong validator can match it (the same bytes), so a
 * page or file with a weak `ETag` passes only `If-Match: *`, which asks merely that the resource exists.
 */
export function ifMatchFails(ifMatch: string | undefined, etag: string | undefined): boolean {
  if (ifMatch === undefined) return false;
  if (ifMatch.trim() === '*') return false;
  if (!etag || isWeak(etag)) return true;
  return !entityTags(ifMatch).some((tag) => !isWeak(tag) && tag === etag);
}

/** Whether `If-None-Match` names this validator (weak comparison, as for GET and HEAD). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return entityTags(ifNoneMatch).some((tag) => tag.replace(/^W\//, '') === bare);
}

export interface Validators {
  etag?: string | null;
  lastModified?: Date | null;
}

/** A modification time as `Last-Modified` states it: whole seconds. */
const toSeconds = (time: number) => Math.floor(time / 1000) * 1000;

/**
 * Whether a `Range` may be answered with a part (206) under the request's `If-Range`: only when the client's copy is
 * known to hold the same bytes, that is its entity tag is a strong match of ours, or its date is exactly our
 * `Last-Modified` and that date is strong (at least a second before now, so no second change can share it).
 * Otherwise the whole representation is sent (200).
 */
export function ifRangeHolds(ifRange: string | string[], validators: Validators, now = Date.now()): boolean {
  if (typeof ifRange !== 'string') return false;
  const value = ifRange.trim();
  if (value.startsWith('"') || isWeak(value)) {
    const etag = validators.etag;
    return !isWeak(value) && !!etag && !isWeak(etag) && value === etag;
  }
  const date = Date.parse(value);
  if (Number.isNaN(date) || !validators.lastModified) return false;
  const modified = toSeconds(validators.lastModified.getTime());
  return date === modified && modified + 1000 <= now;
}

/** The file a path under `root` names, or null for one that is not valid percent-encoding or leaves `root`. */
function fileOf(root: string, encoded: string): string | null {
  try {
    const file = path.join(root, decodeURIComponent(encoded));
    return file.startsWith(root) ? file : null;
  } catch {
    return null;
  }
}

/**
 * For files served from `root` under `prefix`: a `Range` whose `If-Range` does not hold is dropped before the file is
 * read, so that the whole file is sent. Their `ETag`s are weak (size and time), so only a date can hold.
 */
export function honourIfRange(app: FastifyInstance, root: string, prefix: string): void {
  app.addHook('onRequest', async (request) => {
    const ifRange = request.headers['if-range'];
    if (request.headers.range === undefined || ifRange === undefined) return;
    const pathname = request.url.split('?')[0] ?? '';
    const file = pathname.startsWith(prefix) ? fileOf(root, pathname.slice(prefix.length)) : null;
    const lastModified = file
      ? await stat(file).then(
          (found) => found.mtime,
          () => null,
        )
      : null;
    if (!ifRangeHolds(ifRange, { lastModified })) delete request.headers.range;
  });
}

/** A 412 in place of what a route was about to send; a stream it opened is closed. */
function preconditionFailed(reply: FastifyReply, payload: unknown): string {
  if (payload instanceof Readable) payload.destroy();
  reply.code(412).removeHeader('content-encoding').removeHeader('content-length').removeHeader('content-range');
  reply.type('application/json; charset=utf-8');
  return JSON.stringify({ message: PRECONDITION_FAILED_MESSAGE });
}

/**
 * `If-Match` on reads (pages, the public API, files): a successful read whose `ETag` does not strongly match is
 * answered 412. Install it after the page cache's hooks, which set the `ETag` of pages. Writes keep their own rule: a
 * save that names a stale version of a record is a conflict (409) with the record's last save.
 */
export function installReadPreconditions(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return payload;
    if (reply.statusCode < 200 || reply.statusCode > 299) return payload;
    const etag = reply.getHeader('etag');
    if (!ifMatchFails(request.headers['if-match'], typeof etag === 'string' ? etag : undefined)) return payload;
    return preconditionFailed(reply, payload);
  });
}
