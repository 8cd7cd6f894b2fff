import swagger from '@fastify/swagger';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { z } from 'zod';
import { notFound } from './errors.js';
import { checkWith } from './validation.js';

/**
 * Route schemas are zod schemas (built from the resource declarations): Fastify validates with them before the
 * handler runs, a failure answers the usual 400 (404 for an id in the path that cannot name a record), and the
 * same schemas describe the API in the OpenAPI document at `GET /api/openapi.json`.
 */

const isZod = (schema: unknown): schema is z.ZodType => schema instanceof z.ZodType;

function toJsonSchema(schema: unknown): unknown {
  return isZod(schema) ? z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) : schema;
}

export async function installSchemas(app: FastifyInstance): Promise<void> {
  app.setValidatorCompiler(({ schema, httpPart }) => (data: unknown) => {
    if (!isZod(schema)) throw new Error('Route schemas are zod schemas.');
    const checked = checkWith(schema, data);
    if ('value' in checked) return { value: checked.value };
    return { error: httpPart === 'params' ? notFound() : checked.error };
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'API корпоративного сайта', version: '2.0.0', description: 'Public reads, sessions and the admin API.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    hideUntagged: false,
    transform: ({ schema, url }) => {
      const source = (schema ?? {}) as FastifySchema & Record<string, unknown>;
      const converted: Record<string, unknown> = { ...source };
      for (const part of ['body', 'querystring', 'params', 'headers'] as const) {
        if (source[part] !== undefined) converted[part] = toJsonSchema(source[part]);
      }
      if (url.startsWith('/api/admin')) converted.security = [{ bearer: [] }];
      return { schema: converted as FastifySchema, url };
    },
  });

  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
