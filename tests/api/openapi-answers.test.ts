import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES } from '../../lib/resources/index.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { userWithToken } from '../helpers/auth.js';
import { testDialects } from '../helpers/databases.js';
import { fetchDocument, operationsOf, responseValidator, type OpenApiDocument, type OpenApiOperation } from '../helpers/openapi.js';
import { CONSENT_PAGE } from '../../lib/enquiry.js';
import { FormTokens } from '../../server/enquiries/formToken.js';

/**
 * The OpenAPI document against the API itself: every GET operation it lists is called on a demo database, with
 * its path parameters naming existing records, and each answer must be one the document declares for that
 * operation, its body valid against the declared schema.
 */

/** Query parameters without which a read only answers its 400. */
const EXAMPLE_QUERIES: Record<string, string> = {
  '/api/search': 'q=компания',
  '/api/admin/search': 'q=компания',
  '/api/admin/calendar': 'from=2000-01-01&to=2000-03-01',
};

/** Path parameters that are no record id. */
const FIXED_PARAMS: Record<string, string> = { kind: 'main', identifier: 'informatsiya-dlya-aktsionerov', resource: 'news', key: 'new' };

const isBearer = (operation: OpenApiOperation) => operation.security?.some((requirement) => 'bearer' in requirement) ?? false;

describe.each(await testDialects())('the OpenAPI document describes the answers on %s', (dialect) => {
  let t: TestApp;
  let document: OpenApiDocument;
  let headers: { authorization: string };
  let validatorOf: ReturnType<typeof responseValidator>;

  const get = (url: string, auth = true) => t.app.inject({ method: 'GET', url, headers: auth ? headers : {} });
  const firstId = async (url: string): Promise<number | undefined> => {
    const body = (await get(url)).json() as { data: { id: number }[] | { items: { id: number }[] } };
    return (Array.isArray(body.data) ? body.data : body.data.items)[0]?.id;
  };

  /** The value of each path parameter of a path: ids of records that exist (with history where it has any). */
  async function exampleParams(path: string): Promise<Record<string, string>> {
    const params: Record<string, string> = { ...FIXED_PARAMS };
    const admin = /^\/api\/admin\/([\w-]+)\/\{id\}/.exec(path);
    const resource = admin && RESOURCES.find((candidate) => candidate.name === admin[1]);
    const lists: [RegExp, string][] = [
      [/^\/api\/news\//, '/api/news/items'],
      [/^\/api\/media\//, '/api/media/items'],
      [/^\/api\/investor-documents\//, '/api/investor-documents'],
      [/^\/api\/admin\/(users|form-drafts|presence|trash)\//, '/api/admin/users'],
      [/^\/api\/photobank\/categories\//, '/api/admin/photobank-categories'],
      [/^\/api\/assets\//, '/api/admin/assets'],
    ];
    const list = resource ? `/api/admin/${resource.name}` : lists.find(([pattern]) => pattern.test(path))?.[1];
    let id = list === '/api/media/items' ? ((await get(list)).json() as { data: { ours: { items: { id: number }[] } } }).data.ours.items[0]?.id : undefined;
    if (list && id === undefined) id = await firstId(list);
    params.id = String(id ?? '');
    if (resource && id !== undefined && path.includes('{revisionId}'))
      params.revisionId = String(await firstId(`/api/admin/${resource.name}/${params.id}/revisions`));
    return params;
  }

  beforeAll(async () => {
    t = await createTestApp(dialect, { seedDemo: true });
    ({ headers } = await userWithToken(t.app, 'MANAGER'));
    document = await fetchDocument(t.app);
    validatorOf = responseValidator(document);
    // What demo content does not have: a redirect, an entry in the trash, a kept form, an open edit screen, and a
    // saved version of the first record of each resource that keeps versions (also entries of the audit log).
    const write = (method: 'POST' | 'PUT', url: string, payload: object) => t.app.inject({ method, url, headers, payload });
    expect((await write('POST', '/api/admin/redirects', { from_path: '/staraya-stranitsa', to_path: '/news' })).statusCode).toBe(200);
    const removable = ((await get('/api/admin/news?sort=["id","DESC"]&range=[0,0]')).json() as { data: { id: number }[] }).data[0]?.id;
    expect((await write('POST', `/api/admin/news/remove/${String(removable)}`, {})).statusCode).toBe(200);
    expect((await write('PUT', '/api/admin/form-drafts/news/new', { values: { title: 'Черновик' }, version: null })).statusCode).toBe(200);
    for (const resource of RESOURCES.filter((candidate) => candidate.revisions)) {
      const id = await firstId(`/api/admin/${resource.name}`);
      // A resource without demo records has no record to keep a version of: its reads by id answer their 404.
      if (id === undefined) continue;
      await t.app.db
        .insertInto('revisions')
        .values({
          resource: resource.name,
          record_id: id,
          field_values: JSON.stringify({ title: 'Прежний заголовок' }),
          changed: JSON.stringify(['title']),
          user_id: null,
          user_email: 'manager@example.com',
          created_at: new Date().toISOString(),
        })
        .execute();
    }
    // An enquiry of the feedback form: the demo has the form, not what visitors sent with it.
    const consent = await t.app.db.selectFrom('text_pages').select('version').where('identifier', '=', CONSENT_PAGE).executeTakeFirstOrThrow();
    const token = new FormTokens(t.config.jwtSecret, () => Date.now() - 5000).issue();
    const enquiry = { name: 'Анна', email: 'anna@example.com', message: 'Вопрос', consent: true, consent_version: consent.version, token };
    expect((await t.app.inject({ method: 'POST', url: '/api/enquiries', payload: enquiry })).statusCode).toBe(200);
    const news = await firstId('/api/admin/news');
    expect((await write('POST', `/api/admin/presence/news/${String(news)}`, { tab: 'openapi-test-tab' })).statusCode).toBe(200);
    // A folder of the media library: the demo's uploads are its assets, in no folder.
    expect((await write('POST', '/api/admin/asset-folders', { name: 'Папка' })).statusCode).toBe(200);
  });
  afterAll(() => t.close());

  /** What is wrong with an answer, by the document; null when it is as declared. */
  function mismatch(path: string, method: string, operation: OpenApiOperation, status: number, contentType: string, body: string): string | null {
    const declared = operation.responses[String(status)];
    if (!declared) return `answered ${status}, which is not declared (${body.slice(0, 200)})`;
    const mediaType = contentType.split(';')[0]?.trim() ?? '';
    if (!declared.content) return body === '' ? null : `answered a body where none is declared`;
    if (!declared.content[mediaType]) return `answered ${mediaType}, declared ${Object.keys(declared.content).join(', ')}`;
    if (mediaType !== 'application/json') return null;
    const validate = validatorOf(path, method, String(status), mediaType);
    if (!validate) return 'no schema for the answer';
    return validate(JSON.parse(body)) ? null : `${status}: ${JSON.stringify(validate.errors?.slice(0, 5))}`;
  }

  const gets = () => operationsOf(document).filter(({ method }) => method === 'get');

  it('answers every GET operation as declared, with the parameters naming existing records', async () => {
    const failures: string[] = [];
    let called = 0;
    for (const { path, operation } of gets()) {
      const params = await exampleParams(path);
      // Reads of a record of a resource that has none (no demo records): the next test checks their declared 404.
      if (path.includes('{id}') && params.id === '') continue;
      const url = path.replace(/\{(\w+)\}/g, (_match, name: string) => encodeURIComponent(params[name] ?? ''));
      const query = EXAMPLE_QUERIES[path];
      const response = await get(query ? `${url}?${query}` : url, isBearer(operation));
      called += 1;
      if (response.statusCode >= 300) failures.push(`GET ${url}: answered ${response.statusCode} ${response.body.slice(0, 200)}`);
      const problem = mismatch(path, 'get', operation, response.statusCode, String(response.headers['content-type'] ?? ''), response.body);
      if (problem) failures.push(`GET ${url}: ${problem}`);
    }
    expect(failures).toEqual([]);
    expect(called).toBeGreaterThan(70);
  });

  it('declares the errors of every GET: 401 without a token, and what a path naming nothing answers', async () => {
    const failures: string[] = [];
    for (const { path, operation } of gets()) {
      if (isBearer(operation)) {
        const response = await get(path.replace(/\{\w+\}/g, '1'), false);
        const problem =
          response.statusCode === 401 ? mismatch(path, 'get', operation, 401, String(response.headers['content-type']), response.body) : 'not 401';
        if (problem) failures.push(`GET ${path} without a token: ${problem}`);
      }
      if (path.includes('{')) {
        const params = await exampleParams(path);
        const url = path.replace(/\{(\w+)\}/g, (_match, name: string) => (name === 'resource' ? (params.resource ?? '') : '2147483000'));
        const response = await get(url, isBearer(operation));
        const problem = mismatch(path, 'get', operation, response.statusCode, String(response.headers['content-type'] ?? ''), response.body);
        if (problem) failures.push(`GET ${url}: ${problem}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
