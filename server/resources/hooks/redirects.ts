import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { redirects as descriptor } from '../../../lib/resources/site.js';
import { auditedWrite } from '../../admin/audit.js';
import { conflict } from '../../admin/unique.js';
import { formError, parseForm } from '../../http/validation.js';
import { importRedirects, MAX_IMPORT_BYTES } from '../../redirects/csvImport.js';
import { decodedPath, MALFORMED_ESCAPE_MESSAGE } from '../../redirects/paths.js';
import { indexRedirects, redirectProblem, type Redirect } from '../../redirects/rules.js';
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

/**
 * An address field as declared, stored in its decoded form (`/%D0%BD` as `/н`): a redirect typed either way is
 * the same redirect, so a second one for the same address is a conflict, and the site compares one form.
 */
const pathSchema = (name: 'from_path' | 'to_path') =>
  urlSchema(descriptor.fields[name]).transform((value, context) => {
    const decoded = decodedPath(value);
    if (decoded === null) context.addIssue({ code: 'custom', message: MALFORMED_ESCAPE_MESSAGE });
    return decoded ?? z.NEVER;
  });

/** A MANAGER's redirect leads one old address of the site straight to a page: no loops, no chains, one per address. */
export const redirectHooks: ResourceHooks = {
  fieldSchemas: { from_path: pathSchema('from_path'), to_path: pathSchema('to_path') },
  check: async (db: Db, values: Values, current: Row | null) => {
    const redirect = {
      from_path: String(values.from_path ?? current?.from_path ?? ''),
      to_path: String(values.to_path ?? current?.to_path ?? ''),
    };
    const others = await otherRedirects(db, current?.id ?? null);
    if (others.some((other) => other.from_path === redirect.from_path)) throw conflict('from_path', 'Для этого адреса перенаправление уже есть.');
    const problem = redirectProblem(redirect, indexRedirects(others));
    if (problem) throw formError({ [problem.field]: [problem.message] });
  },
  routes: (app: FastifyInstance) => {
    app.post(
      '/api/admin/redirects/import',
      { schema: { ...ADMIN_DOCS.importRedirects, documentedBody: importBody }, bodyLimit: MAX_IMPORT_BYTES * 2 },
      async (request) => {
        const { csv } = parseForm(importBody, request.body);
        const result = await auditedWrite(request, { action: 'import', resource: 'redirects' }, async (trx) => ({
          id: null,
          ...(await importRedirects(trx, csv)),
        }));
        return { data: { imported: result.imported } };
      },
    );
  },
};
