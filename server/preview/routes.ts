import type { FastifyPluginAsync } from 'fastify';
import type { PublicPageDeclaration, ResourceDescriptor, ResourceName } from '../../lib/resources/index.js';
import type { ResourceDocs } from '../resources/openapi.js';
import { loadOr404 } from '../resources/writes.js';
import { idParams } from '../resources/zod.js';
import { signPreviewLink } from './links.js';

export interface PreviewRoutesOptions {
  resource: ResourceDescriptor & { public: { page: PublicPageDeclaration } };
  /** The resource's documented operations, for the OpenAPI document. */
  docs: ResourceDocs;
}

/**
 * `POST /api/admin/<resource>/preview/{id}` for a resource with a public page, inside the resource's own scope
 * (so its role applies): a signed link to the record's public page, drafts and scheduled items included.
 */
export const previewRoutes: FastifyPluginAsync<PreviewRoutesOptions> = async (app, { resource, docs }) => {
  app.post<{ Params: { id: number } }>(`/api/admin/${resource.name}/preview/:id`, { schema: { ...docs.preview, params: idParams } }, async (request) => {
    const row = await loadOr404(app.db, resource, request.params.id);
    const target = { resource: resource.name as ResourceName, id: row.id };
    return { data: await signPreviewLink(app.config.jwtSecret, target, resource.public.page.path(row)) };
  });
};
