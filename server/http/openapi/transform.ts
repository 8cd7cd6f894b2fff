import type { SwaggerTransform } from '@fastify/swagger';
import type { FastifySchema } from 'fastify';
import { errorResponse, type ErrorStatus } from './errors.js';
import { toJsonSchema } from './jsonSchema.js';
import type { JsonSchema, ResponseDoc, Uploads } from './operation.js';
import { securityOf, securityRequirement, type Security } from './security.js';

/**
 * The swagger transform: each route's schemas and declarations become its OpenAPI operation. The zod schemas
 * Fastify validates with describe the parameters and bodies; the declared answers describe the responses; the
 * errors every such route can answer are added from what the route is (see `impliedErrors`).
 */

type Schema = FastifySchema & Record<string, unknown>;
type Components = Record<string, unknown>;

/** Routes of the public site and the admin's pages are HTML, not the API: left out of the document. */
const isDescribed = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/.well-known/');

const WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

/** Route schema keys the transform replaces with their OpenAPI form. */
const TRANSFORMED = new Set(['documentedQuery', 'documentedBody', 'uploads', 'auth', 'response']);

/**
 * Errors a route answers whatever its handler does: a refused token or role (401, 403), a body that cannot be
 * read (malformed, too large, an unsupported content type: 400, 413, 415), input refused by its schemas (400),
 * and a path naming nothing (404).
 */
export function impliedErrors(method: string, url: string, schema: Schema, security: Security): ErrorStatus[] {
  const errors = new Set<ErrorStatus>();
  if (security === 'bearer') errors.add(401).add(403);
  if (security === 'refreshCookie') errors.add(401);
  if (WITH_BODY.has(method)) errors.add(400).add(413).add(415);
  if (schema.body !== undefined || schema.querystring !== undefined) errors.add(400);
  if (url.includes(':')) errors.add(404);
  return [...errors];
}

/** `get /api/admin/news/:id` → `getAdminNewsById` (`get /api` → `getApi`): unique, as method and path are. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .split('/')
    .filter((segment) => segment !== '' && segment !== 'api')
    .flatMap((segment) => (segment.startsWith(':') ? ['by', segment.slice(1)] : segment.split(/[^A-Z0-9]+/i)))
    .filter(Boolean);
  return [method.toLowerCase(), ...(words.length ? words : ['api']).map((word) => word.charAt(0).toUpperCase() + word.slice(1))].join('');
}

/** A multipart body's schema with its file parts beside its fields. */
function withUploads(body: unknown, uploads: Uploads | undefined): unknown {
  if (!uploads || typeof body !== 'object' || body === null) return body;
  const fields = body as JsonSchema & { properties?: JsonSchema; required?: string[] };
  const required = [...(fields.required ?? []), ...uploads.required];
  return { ...fields, properties: { ...fields.properties, ...uploads.properties }, ...(required.length ? { required } : {}) };
}

/** An answer as the document holds it: its content's schemas converted to JSON Schema. */
type DescribedResponse = Omit<ResponseDoc, 'content'> & { content?: Record<string, { schema: unknown }> };

function responsesOf(schema: Schema, implied: ErrorStatus[], components: Components): Record<string, DescribedResponse> {
  const declared = (schema.response ?? {}) as Record<string, ResponseDoc>;
  const responses: Record<string, ResponseDoc> = { ...declared };
  for (const status of implied) responses[status] ??= errorResponse(status);
  return Object.fromEntries(
    Object.entries(responses).map(([status, response]) => [
      status,
      {
        ...response,
        ...(response.content
          ? {
              content: Object.fromEntries(
                Object.entries(response.content).map(([type, media]) => [type, { schema: toJsonSchema(media.schema, 'output', components) }]),
              ),
            }
          : {}),
      },
    ]),
  );
}

export const transformRoute: SwaggerTransform = ({ schema, url, route, ...document }) => {
  const source = (schema ?? {}) as Schema;
  if (source.hide || !isDescribed(url) || !('openapiObject' in document)) return { schema: { hide: true }, url };
  const components = ((document.openapiObject.components ??= {}).schemas ??= {}) as Components;
  const method = (Array.isArray(route.method) ? route.method[0] : route.method) as string;
  const { documentedQuery, documentedBody, uploads, auth } = source;
  const converted: Schema = Object.fromEntries(Object.entries(source).filter(([key]) => !TRANSFORMED.has(key)));
  for (const part of ['body', 'querystring', 'params', 'headers'] as const) {
    if (source[part] !== undefined) converted[part] = toJsonSchema(source[part], 'input', components);
  }
  if (documentedQuery && source.querystring === undefined) converted.querystring = toJsonSchema(documentedQuery, 'input', components);
  if (documentedBody && source.body === undefined) converted.body = toJsonSchema(documentedBody, 'input', components);
  if (converted.body !== undefined) converted.body = withUploads(converted.body, uploads);
  const security = securityOf(url, auth);
  converted.security = securityRequirement(security);
  converted.operationId ??= operationIdOf(method, url);
  converted.response = responsesOf(source, impliedErrors(method, url, source, security), components);
  return { schema: converted, url };
};
