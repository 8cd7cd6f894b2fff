import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idFromText, MAX_ID } from '../../lib/ids.js';
import { PRESENCE_EXPIRY_MS, PRESENCE_TAB_PATTERN, tracksPresence } from '../../lib/presence.js';
import { resourceNamed, type ResourceDescriptor } from '../../lib/resources/index.js';
import { may } from '../../lib/resources/rights.js';
import { FORBIDDEN_MESSAGE, requireAccess, UNAUTHORIZED_MESSAGE, type AuthUser } from '../auth/guard.js';
import { HttpError, notFound } from '../http/errors.js';
import { declared } from '../db/declared.js';
import { announce, othersInResource, othersOnRecord, pruneExpired, release, type Screen } from './store.js';
import { ADMIN_DOCS } from '../routes/openapi/admin.js';

export const UNKNOWN_SECTION_MESSAGE = 'Раздел не найден.';
export const BAD_RECORD_ID_MESSAGE = 'Некорректный номер записи.';
const RECORD_ID_RULE = `Ожидается целое число от 1 до ${MAX_ID}.`;

/** How often rows of screens no longer seen are deleted (they stop counting at once; this only keeps the table small). */
export const PRESENCE_PRUNE_EVERY_MS = 60_000;

export interface PresenceOptions {
  /** How long after its last heartbeat a screen stops counting (tests shorten it). */
  expiryMs?: number;
  /** The clock, in milliseconds since the epoch (tests move it on instead of waiting). */
  now?: () => number;
}

/** The screen's own id, in the body of a heartbeat and the query of a release. */
const tabSchema = z.object({ tab: z.string().regex(PRESENCE_TAB_PATTERN, 'Ожидается идентификатор вкладки: 8–64 латинских букв, цифр, «-» или «_».') });
// Path parameters as plain text: the handlers check them, so that the section's 404 and the role's 403 come before
// a malformed id's 400 (a route's own params schema would answer 404 to it).
const resourceParams = z.object({ resource: z.string() });
const recordParams = z.object({ resource: z.string(), id: z.string() });

type ResourceRoute = { Params: z.output<typeof resourceParams> };
type RecordRoute = { Params: z.output<typeof recordParams> };
type Tab = z.output<typeof tabSchema>;

/** The user `requireAccess` let through. */
function signedIn(request: FastifyRequest): AuthUser {
  if (!request.user) throw new HttpError(401, UNAUTHORIZED_MESSAGE);
  return request.user;
}

/**
 * A resource with edit screens that the user's role may open: an unknown or read-only one is 404, one of a
 * higher role 403, as its own routes would answer (so a USER learns nothing of MANAGER-only records).
 */
function editableResource(name: string, user: AuthUser): ResourceDescriptor {
  const resource = resourceNamed(name);
  if (!resource || !tracksPresence(resource)) throw notFound(UNKNOWN_SECTION_MESSAGE);
  if (!may(user.permissions, resource.name, 'read')) throw new HttpError(403, FORBIDDEN_MESSAGE);
  return resource;
}

function recordIdOf(value: string): number {
  const id = idFromText(value);
  if (id === null) throw new HttpError(400, BAD_RECORD_ID_MESSAGE, { id: [RECORD_ID_RULE] });
  return id;
}

/**
 * Who else is editing a record: each open edit screen announces itself (`POST`, every few seconds) and is told who
 * else has the record open; leaving the screen releases it (`DELETE`); a list asks which of its records others
 * have open (`GET`). Rows live in the database, so every process sees every editor; a screen not heard from for
 * `expiryMs` no longer counts. This only warns: nothing is locked.
 */
export async function presenceRoutes(app: FastifyInstance, options: PresenceOptions = {}): Promise<void> {
  const expiryMs = options.expiryMs ?? PRESENCE_EXPIRY_MS;
  const clock = options.now ?? Date.now;
  const expiredAt = () => new Date(clock() - expiryMs).toISOString();

  app.jobs.add({ name: 'presence-prune', everyMs: PRESENCE_PRUNE_EVERY_MS, run: () => pruneExpired(app.db, expiredAt()).then(() => undefined) });
  app.addHook('onRequest', requireAccess('staff'));

  const screenOf = (request: FastifyRequest<RecordRoute>, { tab }: Tab): { screen: Screen; resource: ResourceDescriptor } => {
    const user = signedIn(request);
    const resource = editableResource(request.params.resource, user);
    const recordId = recordIdOf(request.params.id);
    return { resource, screen: { userId: user.id, tab, resource: resource.name, recordId } };
  };

  // `POST /api/admin/presence/{resource}/{id}` with `{ tab }`: this screen has the record open; answers the others.
  app.post<RecordRoute & { Body: Tab }>(
    '/api/admin/presence/:resource/:id',
    { schema: { ...ADMIN_DOCS.announce, params: recordParams, body: tabSchema } },
    async (request) => {
      const { screen, resource } = screenOf(request, request.body);
      const record = await declared(app.db).selectFrom(resource.table).select('id').where('id', '=', screen.recordId).executeTakeFirst();
      if (!record) throw notFound();
      await announce(app.db, screen, new Date(clock()).toISOString());
      return { data: await othersOnRecord(app.db, screen, expiredAt()) };
    },
  );

  // `DELETE /api/admin/presence/{resource}/{id}?tab=`: the screen was left.
  app.delete<RecordRoute & { Querystring: Tab }>(
    '/api/admin/presence/:resource/:id',
    { schema: { ...ADMIN_DOCS.release, params: recordParams, querystring: tabSchema } },
    async (request, reply) => {
      const { screen } = screenOf(request, request.query);
      await release(app.db, screen);
      return reply.code(204).send();
    },
  );

  // `GET /api/admin/presence/{resource}`: the records of the resource others have open, for its list.
  app.get<ResourceRoute>('/api/admin/presence/:resource', { schema: { ...ADMIN_DOCS.presence, params: resourceParams } }, async (request) => {
    const user = signedIn(request);
    const resource = editableResource(request.params.resource, user);
    return { data: await othersInResource(app.db, resource.name, user.id, expiredAt()) };
  });
}
