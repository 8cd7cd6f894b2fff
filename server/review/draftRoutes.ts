import type { FastifyPluginAsync, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { z } from 'zod';
import type { ResourceDescriptor } from '../../lib/resources/index.js';
import type { Row, Values } from '../resources/hooks.js';
import { loadOr404 } from '../resources/rows.js';
import { idParams } from '../resources/zod.js';
import { discardDraft, publishDraft, refuseDraftUploads, requestChanges, saveDraft, submitDraft, type PublishVia } from './drafts.js';
import { commentBody, publishBody, type DraftDocs } from './openapi.js';

export interface DraftRoutesOptions {
  resource: ResourceDescriptor;
  /** The body of the resource's update, which a draft's save takes too. */
  updateSchema: z.ZodType;
  /** Reads a multipart form's text fields into the body before validation, as the update does. */
  formBody: preValidationAsyncHookHandler;
  /** The media types the update takes, which a draft's save takes too. */
  consumes: string[];
  docs: DraftDocs;
  publishVia: PublishVia;
  /** The record as the admin reads it, with its draft and review state. */
  presentOne: (request: FastifyRequest, row: Row) => Promise<unknown>;
}

type IdRoute = { Params: { id: number } };

/**
 * A content record's draft beside its live version, inside the resource's own scope (so its role applies): save it,
 * publish it (now or at a chosen moment), discard it, send it for review, return it for changes. Every answer is the
 * record as the edit screen reads it.
 */
export const draftRoutes: FastifyPluginAsync<DraftRoutesOptions> = async (
  app,
  { resource, updateSchema, formBody, consumes, docs, publishVia, presentOne },
) => {
  const base = `/api/admin/${resource.name}`;
  const answer = async (request: FastifyRequest, id: number) => ({ data: await presentOne(request, await loadOr404(app.db, resource, id)) });

  // A draft is sent as the update is, a multipart form's text fields included; its files are refused (a draft names
  // library assets), so that nothing sent is silently dropped.
  app.post<IdRoute & { Body: Values }>(
    `${base}/draft/:id`,
    { schema: { ...docs.save, params: idParams, body: updateSchema, consumes }, preValidation: formBody },
    async (request) => {
      refuseDraftUploads(request);
      await saveDraft(request, resource, request.params.id, request.body);
      return answer(request, request.params.id);
    },
  );

  app.post<IdRoute & { Body: z.infer<typeof publishBody> | undefined }>(
    `${base}/publish-draft/:id`,
    { schema: { ...docs.publish, params: idParams, body: publishBody.optional() } },
    async (request: FastifyRequest<IdRoute & { Body: z.infer<typeof publishBody> | undefined }>) => {
      await publishDraft(request, resource, request.params.id, publishVia, request.body?.publish_at ?? null);
      return answer(request, request.params.id);
    },
  );

  app.post<IdRoute>(`${base}/discard-draft/:id`, { schema: { ...docs.discard, params: idParams } }, async (request) => {
    await discardDraft(request, resource, request.params.id);
    return answer(request, request.params.id);
  });

  app.post<IdRoute>(`${base}/submit/:id`, { schema: { ...docs.submit, params: idParams } }, async (request) => {
    await submitDraft(request, resource, request.params.id);
    return answer(request, request.params.id);
  });

  app.post<IdRoute & { Body: z.infer<typeof commentBody> }>(
    `${base}/request-changes/:id`,
    { schema: { ...docs.requestChanges, params: idParams, body: commentBody } },
    async (request) => {
      await requestChanges(request, resource, request.params.id, request.body.comment);
      return answer(request, request.params.id);
    },
  );
};
