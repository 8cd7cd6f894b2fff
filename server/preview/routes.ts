import type { FastifyPluginAsync } from 'fastify';
import { DEFAULT_LOCALE, localizedPath, type Locale } from '../../lib/locales.js';
import type { PublicPageDeclaration, ResourceDescriptor, ResourceName } from '../../lib/resources/index.js';
import { notFound } from '../http/errors.js';
import type { Db, Row } from '../resources/hooks.js';
import type { ResourceDocs } from '../resources/openapi.js';
import { loadOr404 } from '../resources/rows.js';
import { idParams } from '../resources/zod.js';
import { withTranslatedValues } from '../translations/publicReads.js';
import { requestedLocale, withLocaleQuery } from '../translations/publicQuery.js';
import { translationsOf } from '../translations/store.js';
import { REVIEW_MESSAGES } from '../review/rules.js';
import { draftOf } from '../review/store.js';
import { signPreviewLink, type PreviewTarget } from './links.js';

/** The query parameter of a preview of the record's draft (`?draft=1`). */
const DRAFT_PARAM = 'draft';

type PagedResource = ResourceDescriptor & { public: { page: PublicPageDeclaration } };

export const NO_VERSION_TO_PREVIEW_MESSAGE = 'У записи нет версии на этом языке: заполните её в форме и сохраните запись, затем откройте предпросмотр.';

/**
 * Where the record's page is in `locale`: the Russian address, or the one under the language's prefix with the
 * record's slug in that language (the Russian one while its version has none). A record whose version in that
 * language is not begun has no page there to preview, unless its resource shows such records in Russian.
 */
async function previewPathIn(db: Db, resource: PagedResource, row: Row, locale: Locale): Promise<string> {
  const { page } = resource.public;
  if (locale === DEFAULT_LOCALE) return page.path(row);
  const begun = (await translationsOf(db, resource, [row.id], locale)).has(row.id);
  if (!begun && !page.russianFallback) throw notFound(NO_VERSION_TO_PREVIEW_MESSAGE);
  const [read = row] = await withTranslatedValues(db, resource, locale, [row]);
  return localizedPath(locale, page.path(read));
}

export interface PreviewRoutesOptions {
  resource: PagedResource;
  /** The resource's documented operations, for the OpenAPI document. */
  docs: ResourceDocs;
}

/**
 * `POST /api/admin/<resource>/preview/{id}` for a resource with a public page, inside the resource's own scope
 * (so its role applies): a signed link to the record's public page, drafts and scheduled items included; with
 * `?locale=en` on a site with English, to its English page, an unfinished English version included; with `?draft=1`
 * on a resource that keeps drafts, the page shows the texts of the record's draft (404 without one).
 */
export const previewRoutes: FastifyPluginAsync<PreviewRoutesOptions> = async (app, { resource, docs }) => {
  const schema = withLocaleQuery({ ...docs.preview, params: idParams }, app.config);
  app.post<{ Params: { id: number } }>(`/api/admin/${resource.name}/preview/:id`, { schema }, async (request) => {
    const locale = requestedLocale(request, app.config);
    const row = await loadOr404(app.db, resource, request.params.id);
    const ofDraft = resource.drafts === true && (request.query as Record<string, unknown> | undefined)?.[DRAFT_PARAM] === '1';
    if (ofDraft && !(await draftOf(app.db, resource.name, row.id))) throw notFound(REVIEW_MESSAGES.noDraft);
    const target: PreviewTarget = { resource: resource.name as ResourceName, id: row.id, ...(ofDraft ? { draft: true as const } : {}) };
    return { data: await signPreviewLink(app.config.jwtSecret, target, await previewPathIn(app.db, resource, row, locale)) };
  });
};
