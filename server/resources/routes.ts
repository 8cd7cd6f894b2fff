import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { HTML_MAX, isUpload, typographyFields, verbsPathOf, type Field, type ResourceDescriptor } from '../../lib/resources/index.js';
import { registerAdminReads, type ListSpec } from '../records/listQuery.js';
import { readUploadForm, type FileRule, type UploadedFile } from '../records/upload.js';
import type { Database } from '../db/schema.js';
import { auditActionOf } from '../records/versions.js';
import { notFound } from '../http/errors.js';
import { parseForm } from '../http/validation.js';
import { previewRoutes } from '../preview/routes.js';
import { revisionRoutes } from '../revisions/routes.js';
import type { ResourceHooks, Row, Values } from './hooks.js';
import { presenterOf } from './present.js';
import { declared } from '../db/declared.js';
import { resourceDocs } from './openapi.js';
import { changeRecord, GENERIC_VERBS, removeRecord, saveRecord, type WriteOptions } from './writes.js';
import { typesetFieldValue } from './preparedValues.js';
import { idParams, writeSchemas } from './zod.js';
import { loadRow } from './rows.js';
import { draftRoutes } from '../review/draftRoutes.js';
import type { PublishVia } from '../review/drafts.js';
import { withDraftFlags, withDraftState } from '../review/read.js';
import { reviewedSave, type SaveLive } from '../review/reviewedSave.js';
import { refuseLiveChange, refuseLiveRow, underReview } from '../review/rules.js';
import { translationLocalesOf, withTranslationFilters, withTranslations, withTranslationStatus } from '../translations/admin.js';
import { translationsBodyShape } from '../translations/openapi.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The files of a multipart write, each checked against its field's rules. */
    uploads?: UploadedFile[];
  }
}

type IdRoute = { Params: { id: number }; Body: Values };

/** The upload rules of a resource's file fields, by field name. */
export function uploadRules(resource: ResourceDescriptor): Record<string, FileRule> {
  const rules: Record<string, FileRule> = {};
  for (const [name, field] of Object.entries(resource.fields)) {
    if (isUpload(field)) rules[name] = { kinds: field.formats, maxBytes: field.maxBytes, maxFiles: field.kind === 'files' ? field.maxFiles : 1 };
  }
  return rules;
}

/**
 * Reads a multipart form before validation: its text fields become the body the route's schema checks. A JSON body
 * is taken as it is: it names library assets (`{ "image": { "asset": 12 } }`) instead of sending files.
 */
function multipartBody(rules: Record<string, FileRule>): preValidationAsyncHookHandler {
  return async (request) => {
    if (request.headers['content-type']?.startsWith('application/json')) return;
    const form = await readUploadForm(request, rules);
    request.body = form.fields;
    request.uploads = form.files;
  };
}

export function listSpecOf(resource: ResourceDescriptor): ListSpec {
  return { resource: resource.name, table: resource.table as keyof Database, ...resource.list } as ListSpec;
}

/**
 * Registers one resource from its declaration: the admin reads, then its writes in the style it declares
 * (the specification's POST verbs or plain REST), each validated by a schema built from its fields.
 */
export async function registerResourceRoutes(
  app: FastifyInstance,
  resource: ResourceDescriptor,
  hooks: ResourceHooks,
  tableOf: (name: string) => string,
): Promise<void> {
  const present = presenterOf(resource, hooks);
  // With another language switched on, rows tell whether each record is translated, and a record read (or a
  // write's answer) carries its versions in the other languages.
  const locales = translationLocalesOf(resource, app.config.siteLocales);
  const presentRecords = async (rows: Row[]) => {
    const records = await present(app.db, rows);
    return locales.length ? withTranslationStatus(app.db, resource, locales, records) : records;
  };
  const presentRows = async (rows: Row[], request: FastifyRequest) => {
    const records = await presentRecords(rows);
    return resource.drafts ? withDraftFlags(request, resource, records) : records;
  };
  const translated = async (record: unknown) => (locales.length ? withTranslations(app.db, resource, locales, record) : record);
  // A resource that keeps drafts answers the record's draft and review state beside the live values (in place of a
  // list row's draft flags).
  const presentOne = async (request: FastifyRequest, row: Row) => {
    const [record] = await presentRecords([row]);
    return resource.drafts ? withDraftState(request, resource, await translated(record)) : translated(record);
  };
  const docs = resourceDocs(resource, locales);
  registerAdminReads(app, withTranslationFilters(listSpecOf(resource), locales), (rows, request) => presentRows(rows as Row[], request), {
    docs,
    one: (row, request) => presentOne(request, row as Row),
  });

  const written = writeSchemas(resource, hooks.fieldSchemas);
  const translations = translationsBodyShape(resource, locales);
  const schemas = { ...written, add: written.add.extend(translations), update: written.update.extend(translations) };
  const rules = uploadRules(resource);
  const multipart = Object.keys(rules).length > 0;
  const bodyOptions = multipart ? { preValidation: multipartBody(rules) } : {};
  const consumes = multipart ? ['multipart/form-data', 'application/json'] : ['application/json'];
  const options = (request: FastifyRequest, action: string): WriteOptions => ({ request, resource, hooks, tableOf, action, present });

  const saveLive: SaveLive = async (request, action, id, values, onLocked) =>
    saveRecord({ ...options(request, auditActionOf(request, action)), onLocked }, id, values, request.uploads ?? []);
  const publishVia: PublishVia = (request, id, values, how) =>
    saveRecord({ ...options(request, how.action), expected: how.expected, inWrite: how.inWrite }, id, parseForm(schemas.update, values), []);
  // Where a MANAGER asked for review, a USER's change of what visitors see becomes the record's draft.
  const save = async (request: FastifyRequest, action: string, id: number | null, values: Values) => ({
    data: await presentOne(
      request,
      resource.drafts ? await reviewedSave(request, resource, { action, id, values }, saveLive) : await saveLive(request, action, id, values),
    ),
  });
  // Under review, a USER's removal or verb of a live record is refused; whether the record is live is decided again
  // once it is locked, so a MANAGER publishing it at the same moment is never overtaken.
  const refusedIfLive = async (request: FastifyRequest): Promise<Pick<WriteOptions, 'onLocked'>> =>
    resource.drafts && (await underReview(request, resource)) ? { onLocked: async (_trx, current) => refuseLiveRow(resource, current) } : {};
  const remove = async (request: FastifyRequest, action: string, id: number) => {
    if (resource.drafts) await refuseLiveChange(request, resource, await loadRow(app.db, resource, id));
    const { row, before } = await removeRecord({ ...options(request, action), ...(await refusedIfLive(request)) }, id);
    if (hooks.remove) return { data: await presentOne(request, row) };
    return { data: resource.drafts ? await withDraftState(request, resource, before) : before };
  };

  if (resource.api === 'verbs') {
    const base = verbsPathOf(resource);
    app.post(`${base}/add`, { schema: { ...docs.add, body: schemas.add, consumes }, ...bodyOptions }, (request) =>
      save(request, 'add', null, request.body as Values),
    );
    if (resource.updateByKey) {
      const { key, required } = resource.updateByKey;
      const body = schemas.update.extend(Object.fromEntries([key, ...required].map((name) => [name, schemas.fields[name] ?? z.never()])));
      app.post(`${base}/update`, { schema: { ...docs.update, body, consumes }, ...bodyOptions }, async (request) => {
        const values = request.body as Values;
        const row = await declared(app.db).selectFrom(resource.table).select('id').where(key, '=', values[key]).executeTakeFirst();
        if (!row) throw notFound();
        return save(request, 'update', Number(row.id), values);
      });
    } else {
      app.post<IdRoute>(`${base}/update/:id`, { schema: { ...docs.update, params: idParams, body: schemas.update, consumes }, ...bodyOptions }, (request) =>
        save(request, 'update', request.params.id, request.body),
      );
    }
    app.post<IdRoute>(`${base}/remove/:id`, { schema: { ...docs.remove, params: idParams } }, (request) => remove(request, 'remove', request.params.id));
    for (const verb of resource.verbs ?? []) {
      const change = hooks.verbs?.[verb] ?? GENERIC_VERBS[verb]?.(resource);
      if (!change) throw new Error(`${resource.name}: the verb ${verb} has no implementation`);
      app.post<IdRoute>(`${base}/${verb}/:id`, { schema: { ...docs.verb(verb), params: idParams } }, async (request) => {
        if (resource.drafts) await refuseLiveChange(request, resource, await loadRow(app.db, resource, request.params.id));
        return {
          data: await presentOne(request, await changeRecord({ ...options(request, verb), ...(await refusedIfLive(request)) }, request.params.id, change)),
        };
      });
    }
  }

  // Plain REST, or only its update for records that come from elsewhere (`update`: visitors' enquiries).
  if (resource.api === 'rest' || resource.api === 'update') {
    const base = `/api/admin/${resource.name}`;
    if (resource.api === 'rest') {
      app.post(base, { schema: { ...docs.add, body: schemas.add, consumes }, ...bodyOptions }, (request) =>
        save(request, 'create', null, request.body as Values),
      );
    }
    // Files come as multipart, as with the verbs, when the resource declares upload fields.
    app.put<IdRoute>(`${base}/:id`, { schema: { ...docs.update, params: idParams, body: schemas.update, consumes }, ...bodyOptions }, (request) =>
      save(request, 'update', request.params.id, request.body),
    );
    if (resource.api === 'rest') {
      app.delete<IdRoute>(`${base}/:id`, { schema: { ...docs.remove, params: idParams } }, (request) => remove(request, 'delete', request.params.id));
    }
  }

  if (resource.revisions) {
    await app.register(revisionRoutes, {
      resource,
      docs,
      restore: async (request, id, values) => (await save(request, 'restore-revision', id, parseForm(schemas.update, values))).data,
    });
  }

  if (resource.drafts) {
    app.drafts.set(resource.name, publishVia);
    await app.register(draftRoutes, {
      resource,
      updateSchema: schemas.update,
      formBody: multipartBody(rules),
      consumes,
      docs: docs.drafts,
      publishVia,
      presentOne,
    });
  }

  const typeset = typographyFields(resource.fields);
  const [firstTypeset, ...otherTypeset] = typeset;
  if (firstTypeset) {
    const body = z.object({ field: z.enum([firstTypeset, ...otherTypeset]), value: z.string().max(HTML_MAX) });
    app.post<{ Body: z.infer<typeof body> }>(`/api/admin/${resource.name}/typeset`, { schema: { ...docs.typeset, body } }, async (request) => {
      const { field, value } = request.body;
      // The value is checked as a save checks the field (its length, the characters it refuses) before any
      // typesetting: a title over its limit is refused at once, naming the field, and costs the workers nothing.
      const schema = schemas.fields[field];
      if (schema && value !== '') parseForm(z.object({ [field]: schema }), { [field]: value });
      return { data: { value: await typesetFieldValue(request, field, resource.fields[field] as Field, value) } };
    });
  }

  const page = resource.public?.page;
  if (page) await app.register(previewRoutes, { resource: { ...resource, public: { ...resource.public, page } }, docs });

  await hooks.routes?.(app);
}
