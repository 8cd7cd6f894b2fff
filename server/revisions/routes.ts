import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ResourceDescriptor } from '../../lib/resources/index.js';
import type { ResourceDocs } from '../resources/openapi.js';
import { notFound } from '../http/errors.js';
import { requirePage } from '../http/paging.js';
import type { Values } from '../resources/hooks.js';
import { loadOr404 } from '../resources/rows.js';
import { idParam, idParams } from '../resources/zod.js';
import { findRevision, listRevisions } from './store.js';

export const REVISION_NOT_FOUND_MESSAGE = 'Версия не найдена.';

export interface RevisionRoutesOptions {
  resource: ResourceDescriptor;
  /**
   * Saves a version's values onto the record as an ordinary update of the resource (validated, audited, indexed,
   * keeping the version it replaces); answers the record as the admin reads it.
   */
  restore: (request: FastifyRequest, id: number, values: Values) => Promise<unknown>;
  /** The resource's documented operations, for the OpenAPI document. */
  docs: ResourceDocs;
}

const revisionParams = z.object({ id: idParam, revisionId: idParam });
const revisionsQuery = z.object({
  page: z.string().optional().meta({ description: 'The page of the history (20 entries each); not a whole number ≥ 1 is a 404.' }),
});
type RevisionRoute = { Params: { id: number; revisionId: number } };

/**
 * A record's history for a resource that declares `revisions`, registered inside the resource's own scope (so
 * its role applies): the list in pages of summaries, one version's values (for the diff), and restoring one.
 */
export const revisionRoutes: FastifyPluginAsync<RevisionRoutesOptions> = async (app, { resource, restore, docs }) => {
  const base = `/api/admin/${resource.name}`;

  const revisionOr404 = async (id: number, revisionId: number) => {
    await loadOr404(app.db, resource, id);
    const revision = await findRevision(app.db, resource, id, revisionId);
    if (!revision) throw notFound(REVISION_NOT_FOUND_MESSAGE);
    return revision;
  };

  app.get<{ Params: { id: number }; Querystring: { page?: string } }>(
    `${base}/:id/revisions`,
    { schema: { ...docs.revisions, params: idParams, querystring: revisionsQuery } },
    async (request) => {
      await loadOr404(app.db, resource, request.params.id);
      return { data: await listRevisions(app.db, resource, request.params.id, requirePage(request.query.page)) };
    },
  );

  app.get<RevisionRoute>(`${base}/:id/revisions/:revisionId`, { schema: { ...docs.revision, params: revisionParams } }, async (request) => ({
    data: await revisionOr404(request.params.id, request.params.revisionId),
  }));

  app.post<RevisionRoute>(`${base}/restore-revision/:id/:revisionId`, { schema: { ...docs.restoreRevision, params: revisionParams } }, async (request) => {
    const revision = await revisionOr404(request.params.id, request.params.revisionId);
    return { data: await restore(request, request.params.id, revision.values) };
  });
};
