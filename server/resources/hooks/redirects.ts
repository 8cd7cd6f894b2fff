import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { redirects as descriptor } from '../../../lib/resources/site.js';
import { auditedWrite } from '../../records/audit.js';
import { conflict } from '../../records/unique.js';
import { canonicalPath } from '../../http/canonicalPath.js';
import { formError, parseForm } from '../../http/validation.js';
import { importRedirects, MAX_IMPORT_BYTES, readImport } from '../../redirects/csvImport.js';
import { pageAnswers, pagesAmong } from '../../redirects/pages.js';
import { decodedPath } from '../../redirects/paths.js';
import { addressProblem, indexRedirects, PAGE_WINS_MESSAGE, redirectProblem, type Redirect } from '../../redirects/rules.js';
import type { Db, ResourceHooks, Row, Values } from '../hooks.js';
import { urlSchema } from '../zod.js';
import { ADMIN_DOCS } from '../../routes/openapi/admin.js';

/** The redirects other than the one being saved, as the rules read them. */
async function otherRedirects(db: Db, exceptId: number | null): Promise<Redirect[]> {
  let query = db.selectFrom('redirects').select(['from_path', 'to_path']);
  if (exceptId !== null) query = query.where('id', '!=', exceptId);
  return query.execute();
}

const importBody = z.object({ csv: z.string().min(1).max(MAX_IMPORT_BYTES) });

/** The site's origin, on which an absolute address is a path of the site. */
export const siteOrigin = (request: FastifyRequest): string => new URL(request.server.config.publicUrl).origin;

/**
 * An address field as declared, stored in its decoded form (`/%D0%BD` as `/н`) and checked again once decoded (an
 * escaped line break is a line break): a redirect typed either way is the same redirect, so a second one for the same
 * address is a conflict, and the site compares one form. The old address is kept in the one spelling requests reach
 * the site in (`/o-nas/` as `/o-nas`).
 */
const pathSchema = (name: 'from_path' | 'to_path') =>
  urlSchema(descriptor.fields[name]).transform((value, context) => {
    const decoded = decodedPath(value) ?? value;
    const problem = addressProblem(name, decoded);
    if (problem) context.addIssue({ code: 'custom', message: problem });
    return problem ? z.NEVER : name === 'from_path' ? canonicalPath(decoded) : decoded;
  });

/**
 * A MANAGER's redirect leads one old address of the site straight to a page: no loops, no chains, one per address,
 * and none from an address where a page answers (the page wins).
 */
export const redirectHooks: ResourceHooks = {
  fieldSchemas: { from_path: pathSchema('from_path'), to_path: pathSchema('to_path') },
  check: async (db: Db, values: Values, current: Row | null, _uploads, request) => {
    const redirect = {
      from_path: String(values.from_path ?? current?.from_path ?? ''),
      to_path: String(values.to_path ?? current?.to_path ?? ''),
    };
    const others = await otherRedirects(db, current?.id ?? null);
    if (others.some((other) => other.from_path === redirect.from_path)) throw conflict('from_path', 'Для этого адреса перенаправление уже есть.');
    const problem = redirectProblem(redirect, indexRedirects(others, siteOrigin(request)));
    if (problem) throw formError({ [problem.field]: [problem.message] });
    if (values.from_path !== undefined && (await pageAnswers(request.server, redirect.from_path))) throw formError({ from_path: [PAGE_WINS_MESSAGE] });
  },
  routes: (app: FastifyInstance) => {
    app.post(
      '/api/admin/redirects/import',
      { schema: { ...ADMIN_DOCS.importRedirects, documentedBody: importBody }, bodyLimit: MAX_IMPORT_BYTES * 2 },
      async (request) => {
        const { csv } = parseForm(importBody, request.body);
        const lines = readImport(csv);
        // Pages are asked for before the transaction (they read the database it would hold), at the valid old addresses.
        const pages = await pagesAmong(
          app,
          lines.flatMap((line) => (addressProblem('from_path', line.from_path) === null ? [line.from_path] : [])),
        );
        const result = await auditedWrite(request, { action: 'import', resource: 'redirects' }, async (trx) => ({
          id: null,
          ...(await importRedirects(trx, lines, { origin: siteOrigin(request), pages })),
        }));
        return { data: { imported: result.imported } };
      },
    );
  },
};
