import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { notFound } from './errors.js';
import { swaggerOptions } from './openapi/document.js';
import { isZod } from './openapi/jsonSchema.js';
import { checkWith } from './validation.js';

/**
 * Route schemas are zod schemas (built from the resource declarations): Fastify validates with them before the
 * handler runs, a failure answers the usual 400 (404 for an id in the path that cannot name a record), and the
 * same schemas, with each route's documented answers, describe the API in the OpenAPI document at
 * `GET /api/openapi.json` (server/http/openapi/).
 */
export async function installSchemas(app: FastifyInstance): Promise<void> {
  app.setValidatorCompiler(({ schema, httpPart }) => (data: unknown) => {
    if (!isZod(schema)) throw new Error('Route schemas are zod schemas.');
    const checked = checkWith(schema, data);
    if ('value' in checked) return { value: checked.value };
    return { error: httpPart === 'params' ? notFound() : checked.error };
  });
  // The documented answers only describe: every answer is serialised exactly as without them.
  app.setSerializerCompiler(() => (data: unknown) => JSON.stringify(data));

  await app.register(swagger, swaggerOptions(app.config.publicUrl));

  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
