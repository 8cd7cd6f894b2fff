import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';

/** The parts of an OpenAPI 3.1 document the tests read. */
export interface OpenApiResponse {
  description: string;
  content?: Record<string, { schema?: unknown }>;
}
export interface OpenApiOperation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: unknown;
  responses: Record<string, OpenApiResponse>;
}
export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, unknown> };
}

export const METHODS = ['get', 'post', 'put', 'delete', 'patch'] as const;

/** Every operation of the document with its path and method. */
export function operationsOf(document: OpenApiDocument): { path: string; method: string; operation: OpenApiOperation }[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({ path, method, operation: item[method] as OpenApiOperation })),
  );
}

export async function fetchDocument(app: FastifyInstance): Promise<OpenApiDocument> {
  const response = await app.inject({ url: '/api/openapi.json' });
  if (response.statusCode !== 200) throw new Error(`GET /api/openapi.json answered ${response.statusCode}`);
  return response.json() as OpenApiDocument;
}

/** A JSON Pointer segment (RFC 6901) in a URI fragment. */
const pointer = (segment: string) => encodeURIComponent(segment.replace(/~/g, '~0').replace(/\//g, '~1'));

/**
 * Validates answers against the document's response schemas with the JSON Schema dialect of OpenAPI 3.1
 * (2020-12), formats included; references to the document's components resolve inside the document.
 */
export function responseValidator(document: OpenApiDocument): (path: string, method: string, status: string, mediaType: string) => ValidateFunction | null {
  // OpenAPI's own keywords around the schemas (paths, responses, examples) are not JSON Schema: not strict.
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema(document, 'openapi.json');
  return (path, method, status, mediaType) => {
    if (!document.paths[path]?.[method]?.responses[status]?.content?.[mediaType]?.schema) return null;
    const at = ['paths', path, method, 'responses', status, 'content', mediaType, 'schema'].map(pointer).join('/');
    return ajv.getSchema(`openapi.json#/${at}`) ?? null;
  };
}
