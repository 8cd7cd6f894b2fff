import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { resourceNamed } from '../../lib/resources/index.js';
import { recordAudit } from '../records/audit.js';
import { requireAccess } from '../auth/guard.js';
import { operation } from '../http/openapi/operation.js';
import { moment, int } from '../http/openapi/shapes.js';
import { publishDraft, type PublishVia } from './drafts.js';
import { reviewComment, reviewState } from './openapi.js';
import { reviewQueue } from './queue.js';
import { DRAFT_RESOURCES, reviewedResources, setDraftsFirst, setReviewedResources } from './rules.js';
import { dueDrafts, scheduleDraft } from './store.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** How each resource that keeps drafts publishes one: its ordinary save (registered with its routes). */
    drafts: Map<string, PublishVia>;
  }
}

/** How often drafts scheduled for a moment are looked for (a draft appears at most this late). */
export const SCHEDULED_DRAFTS_EVERY_MS = 60_000;
export const SCHEDULED_DRAFTS_JOB = 'scheduled-drafts';

const TAG = 'admin/review';
const names = DRAFT_RESOURCES.map((resource) => resource.name);
const reviewSettings = z.object({ resources: z.array(z.enum(names as [string, ...string[]])).max(names.length) }).strict();
const draftsFirstSetting = z.object({ drafts_first: z.boolean() }).strict();
const queued = z.object({
  resource: z.string(),
  record_id: int,
  title: z.string().nullable().meta({ description: "The record's title as the draft has it (the live one when the draft leaves it)." }),
  review_state: reviewState,
  saved_at: moment,
  user_email: z.string(),
  publish_at: moment.nullable(),
  review_comment: reviewComment,
});

const DOCS = {
  readSettings: operation({
    summary: 'Resources under review',
    description: "The resources whose drafts a USER may not publish: a USER's change of a live record there waits as its draft for a MANAGER.",
    tag: TAG,
    data: reviewSettings,
  }),
  writeSettings: operation({
    summary: 'Choose the resources under review',
    description: 'Only resources that keep drafts.',
    tag: TAG,
    data: reviewSettings,
    errors: [400],
  }),
  writeDraftsFirst: operation({
    summary: 'Choose drafts first for live records',
    description:
      "With `drafts_first` on, the edit form's primary save of a live record keeps the changes as its draft; publishing them is a second step. Every role reads it in `GET /api/admin/site-settings`.",
    tag: TAG,
    data: draftsFirstSetting,
    errors: [400],
  }),
  queue: operation({
    summary: 'Drafts for the dashboard',
    description: "`waiting`: drafts sent for review (a MANAGER's; empty for a USER); `mine`: the user's own drafts, a returned one with its comment.",
    tag: TAG,
    data: z.object({ waiting: z.array(queued), mine: z.array(queued) }),
  }),
};

/**
 * Publishes the drafts whose moment has come, each through its resource's ordinary save in the name of who chose the
 * moment. A draft that cannot be published (its live record changed meanwhile, a check fails) loses its moment and
 * stays a draft, so that someone looks at it; the failure is logged.
 */
export async function publishDueDrafts(app: FastifyInstance, now: number): Promise<void> {
  for (const draft of await dueDrafts(app.db, new Date(now).toISOString())) {
    const resource = resourceNamed(draft.resource);
    const publishVia = app.drafts.get(draft.resource);
    const user =
      draft.scheduled_by === null
        ? undefined
        : await app.db
            .selectFrom('users')
            .select(['id', 'email', 'name', 'role'])
            .where('id', '=', draft.scheduled_by)
            .where('active', '=', 1)
            .executeTakeFirst();
    try {
      if (!resource || !publishVia || !user) throw new Error('the draft has no resource or no active user who scheduled it');
      // The job acts as a request of the user who chose the moment: the save, its audit entry and its history name them.
      const scheduler = { ...user, permissions: await app.roles.permissionsOf(user.role) };
      const request = { server: app, user: scheduler, headers: {}, ip: 'schedule', log: app.log } as unknown as FastifyRequest;
      await publishDraft(request, resource, draft.record_id, publishVia);
    } catch (error) {
      app.log.error({ err: error, resource: draft.resource, id: draft.record_id }, 'a scheduled draft could not be published');
      await scheduleDraft(app.db, draft, null, null);
    }
  }
}

/** The review's settings and drafts first (MANAGER), the dashboard's drafts (every role) and the job of scheduled drafts. */
export async function reviewRoutes(app: FastifyInstance): Promise<void> {
  app.jobs.add({ name: SCHEDULED_DRAFTS_JOB, everyMs: SCHEDULED_DRAFTS_EVERY_MS, run: (now) => publishDueDrafts(app, now) });

  await app.register(async (staff) => {
    staff.addHook('onRequest', requireAccess('staff'));
    staff.get('/api/admin/review-queue', { schema: DOCS.queue }, async (request) => {
      const user = request.user;
      if (!user) throw new Error('requireAccess sets the user');
      return { data: await reviewQueue(app.db, user) };
    });
  });

  await app.register(async (managers) => {
    managers.addHook('onRequest', requireAccess({ resource: 'settings' }));
    managers.get('/api/admin/settings/review', { schema: DOCS.readSettings }, async () => ({ data: { resources: await reviewedResources(app.db) } }));
    managers.put<{ Body: z.infer<typeof reviewSettings> }>(
      '/api/admin/settings/review',
      { schema: { ...DOCS.writeSettings, body: reviewSettings } },
      async (request) => {
        const resources = await setReviewedResources(app.db, request.body.resources);
        await recordAudit(request, { action: 'update', resource: 'settings', recordId: 'review' });
        return { data: { resources } };
      },
    );
    managers.put<{ Body: z.infer<typeof draftsFirstSetting> }>(
      '/api/admin/settings/drafts-first',
      { schema: { ...DOCS.writeDraftsFirst, body: draftsFirstSetting } },
      async (request) => {
        const on = await setDraftsFirst(app.db, request.body.drafts_first);
        await recordAudit(request, { action: 'update', resource: 'settings', recordId: 'drafts-first' });
        return { data: { drafts_first: on } };
      },
    );
  });
}
