import type { FastifyInstance } from 'fastify';

/**
 * One JSON body parser for every route: a request that says `Content-Type: application/json` but sends no body
 * (a verb without a payload, as clients often send one) reads as `{}`; anything else is parsed as Fastify does,
 * with its protections against prototype poisoning.
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, {});
    jsonParser(request, text, done);
  });
}
