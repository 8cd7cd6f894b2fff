import type { FastifySchema } from 'fastify';
import type { z } from 'zod';
import { errorResponse, type ErrorStatus } from './errors.js';
import type { Security } from './security.js';
import { envelope } from './shapes.js';
import { LIST_COUNT_MAX } from '../../../lib/listTotals.js';
import { SEARCH_RESULTS_MAX } from '../../../lib/search.js';

/**
 * What a route declares about itself for the OpenAPI document, beside the schemas Fastify validates with: a
 * summary, its tag, its answers and who may call it. `operation()` turns it into route schema keys; Fastify only
 * serialises with the answers as `JSON.stringify` does (server/http/schemas.ts), so they never change a byte.
 */

export type JsonSchema = Record<string, unknown>;

/** The file parts of a multipart body: each field's JSON Schema, and those an add requires. */
export interface Uploads {
  properties: Record<string, JsonSchema>;
  required: string[];
}

/** A documented header of an answer: its schema, with what it says. */
export interface HeaderDoc {
  type: 'string';
  description: string;
}

/** One documented answer: JSON described by zod, a file or text described by a JSON Schema, or nothing. */
export interface ResponseDoc {
  description: string;
  headers?: Record<string, HeaderDoc>;
  content?: Record<string, { schema: z.ZodType | JsonSchema }>;
}

declare module 'fastify' {
  interface FastifySchema {
    /**
     * Query parameters the handler reads and checks by its own rules (a bad page is its 404, a bad list query its
     * 400 naming the parameter): described in the document, never validated by Fastify.
     */
    documentedQuery?: z.ZodObject;
    /**
     * A JSON body the handler checks itself, after what must come first (a rate limit counted before the body is
     * read): described in the document, never validated by Fastify.
     */
    documentedBody?: z.ZodType;
    /** The file parts of a multipart body (read beside its fields, not validated by its schema), by field name. */
    uploads?: Uploads;
    /** Who may call it, when not the default of its address (see `securityOf`). */
    auth?: Security;
  }
}

export interface OperationDoc {
  summary: string;
  description?: string;
  tag: string;
  /** The `data` of the JSON success answer `{ data: … }`. */
  data?: z.ZodType;
  /** A success answer other than `{ data }` (a file, text, nothing). */
  success?: ResponseDoc;
  /** The success status (200 unless told). */
  status?: 200 | 201 | 202 | 204;
  /** Headers of the success answer. */
  headers?: Record<string, HeaderDoc>;
  /** Answers besides the success and the error body (the readiness check's 503). */
  answers?: Record<number, ResponseDoc>;
  /** Error statuses beyond those the route's schemas, method and security imply (see the transform). */
  errors?: readonly ErrorStatus[];
  query?: z.ZodObject;
  uploads?: Uploads;
  auth?: Security;
  operationId?: string;
}

/** A JSON answer. */
export const jsonAnswer = (description: string, schema: z.ZodType, headers?: Record<string, HeaderDoc>): ResponseDoc => ({
  description,
  ...(headers ? { headers } : {}),
  content: { 'application/json': { schema } },
});

/** A file answered as it is stored. */
export const fileAnswer = (description: string, mediaType: string, headers?: Record<string, HeaderDoc>): ResponseDoc => ({
  description,
  ...(headers ? { headers } : {}),
  content: { [mediaType]: { schema: { type: 'string', contentMediaType: mediaType } } },
});

/** The headers of an admin list read, as ra-data-simple-rest reads them. */
export const LIST_HEADERS: Record<string, HeaderDoc> = {
  'Content-Range': {
    type: 'string',
    description: `The rows answered and the total: \`news 0-24/319\`, or \`news */0\` when there are none. A total above the cap (${LIST_COUNT_MAX.toLocaleString('en')} rows; ${SEARCH_RESULTS_MAX.toLocaleString('en')} matches for a search through the full-text index) means more than the cap: \`news 0-24/${LIST_COUNT_MAX + 1}\`, or one row past the page when more rows follow it.`,
  },
  'Access-Control-Expose-Headers': { type: 'string', description: '`Content-Range`, so that the admin scripts may read it.' },
};

/** The header of a record read: its version, which a save may send back as `If-Match`. */
export const VERSION_HEADERS: Record<string, HeaderDoc> = {
  ETag: { type: 'string', description: 'The record\'s version, e.g. `"3"`.' },
};

function successOf(doc: OperationDoc): ResponseDoc {
  if (doc.success) return doc.success;
  if (!doc.data) throw new Error(`${doc.summary}: the operation documents no answer`);
  return jsonAnswer(doc.summary, envelope(doc.data), doc.headers);
}

/** Route schema keys of a documented operation. */
export function operation(doc: OperationDoc): FastifySchema {
  const response: Record<number, ResponseDoc> = { [doc.status ?? 200]: successOf(doc), ...doc.answers };
  for (const status of doc.errors ?? []) response[status] = errorResponse(status);
  return {
    summary: doc.summary,
    ...(doc.description ? { description: doc.description } : {}),
    tags: [doc.tag],
    ...(doc.operationId ? { operationId: doc.operationId } : {}),
    ...(doc.query ? { documentedQuery: doc.query } : {}),
    ...(doc.uploads ? { uploads: doc.uploads } : {}),
    ...(doc.auth ? { auth: doc.auth } : {}),
    response,
  };
}
