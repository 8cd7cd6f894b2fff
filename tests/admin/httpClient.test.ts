import { describe, expect, it } from 'vitest';
import { HttpError } from 'react-admin';
import { createApiClient, createFetchJson, NETWORK_ERROR_KEY, TIMEOUT_ERROR_KEY } from '../../dataProvider/apiClient.js';
import { createHttpClient, REQUEST_TIMEOUT_MS, RequestError, type TransportRequest } from '../../dataProvider/httpClient.js';
import { fakeTransport } from './fakes.js';

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

describe('the admin HTTP client', () => {
  it('sends the Bearer token, the timeout and JSON bodies as application/json, and reads the JSON answer', async () => {
    const { transport, requests } = fakeTransport(() => ({ status: 200, data: { data: { id: 1 } }, headers: { 'x-total': '3' } }));
    const sent: TransportRequest[] = [];
    const http = createApiClient({
      baseURL: 'http://api.test',
      getToken: async () => 'token-1',
      transport: (request) => {
        sent.push(request);
        return transport(request);
      },
    });
    const response = await http.post('/api/admin/news/add', { title: 'Новость' });
    expect(response.data).toEqual({ data: { id: 1 } });
    expect(response.headers.get('X-Total')).toBe('3');
    expect(requests[0]).toMatchObject({ method: 'POST', url: 'http://api.test/api/admin/news/add', data: '{"title":"Новость"}' });
    expect(requests[0]?.headers).toMatchObject({ authorization: 'Bearer token-1', 'content-type': 'application/json' });
    expect(sent[0]).toMatchObject({ timeout: REQUEST_TIMEOUT_MS, withCredentials: false });
  });

  it('sends body-less POSTs without a Content-Type and forms without one of its own (the browser writes the boundary)', async () => {
    const { transport, requests } = fakeTransport(() => ({ status: 200, data: { data: {} } }));
    const http = createApiClient({ getToken: () => undefined, transport });
    await http.post('/api/admin/news/fix/1');
    const form = new FormData();
    form.append('title', 'x');
    await http.post('/api/admin/news/add', form, { headers: { 'Content-Type': 'multipart/form-data' } });
    expect(requests[0]?.data).toBeUndefined();
    expect(requests[0]?.headers['content-type']).toBeUndefined();
    expect(requests[0]?.headers.authorization).toBeUndefined();
    expect(requests[1]?.data).toBe(form);
    expect(requests[1]?.headers['content-type']).toBeUndefined();
  });

  it('turns failures into the toasts: timeout, network, 5xx, and the server message with its field errors', async () => {
    const answers: Record<string, () => ReturnType<Parameters<typeof fakeTransport>[0]>> = {
      '/timeout': () => new Error('timeout of 20000ms exceeded'),
      '/network': () => new Error('Network Error'),
      '/down': () => ({ status: 503, data: { message: 'Service Unavailable' } }),
      '/invalid': () => ({ status: 422, data: { message: 'Проверьте поля.', errors: { title: ['Обязательное поле.', 'Слишком коротко.'] } } }),
      '/expired': () => ({ status: 401, data: { message: 'Срок действия токена истёк (token expired).' } }),
    };
    const { transport } = fakeTransport((request) => answers[request.url]?.() ?? new Error('Network Error'));
    const http = createApiClient({ getToken: () => 't', transport });
    const failure = async (url: string) => {
      const error = await caught(http.get(url));
      if (!(error instanceof HttpError)) throw new Error('expected an HttpError');
      return error;
    };
    expect((await failure('/timeout')).message).toBe(TIMEOUT_ERROR_KEY);
    expect((await failure('/network')).message).toBe(NETWORK_ERROR_KEY);
    expect(await failure('/down')).toMatchObject({ message: NETWORK_ERROR_KEY, status: 503 });
    expect(await failure('/invalid')).toMatchObject({
      message: 'Проверьте поля.',
      status: 422,
      body: { message: 'Проверьте поля.', errors: { title: 'Обязательное поле. Слишком коротко.' } },
    });
    expect(await failure('/expired')).toMatchObject({ message: 'Срок действия токена истёк (token expired).', status: 401 });
  });

  it('without an error mapping, fails with a RequestError that carries the response', async () => {
    const { transport } = fakeTransport(() => ({ status: 401, data: { message: 'Требуется авторизация.' } }));
    const error = await caught(createHttpClient({ transport, withCredentials: true }).post('/api/site/refresh'));
    expect(error).toBeInstanceOf(RequestError);
    expect((error as RequestError).response).toMatchObject({ status: 401, data: { message: 'Требуется авторизация.' } });
  });

  it('does not send a request already cancelled, and passes the signal to the transport', async () => {
    const { transport, requests } = fakeTransport(() => ({ status: 200, data: {} }));
    const http = createApiClient({ getToken: () => 't', transport });
    const controller = new AbortController();
    controller.abort();
    const error = await caught(http.get('/api/admin/news', { signal: controller.signal }));
    expect(error).toMatchObject({ message: NETWORK_ERROR_KEY, body: { message: 'canceled' } });
    expect(requests).toHaveLength(0);
  });
});

describe('fetchJson for ra-data-simple-rest', () => {
  it('reads Content-Range, unwraps the data, sends JSON strings as JSON and body-less DELETEs without a Content-Type', async () => {
    const { transport, requests } = fakeTransport((request) =>
      request.method === 'GET'
        ? { status: 200, data: { data: [{ id: 1 }] }, headers: { 'content-range': 'users 0-0/1' } }
        : { status: 200, data: { data: { id: 1 } } },
    );
    const fetchJson = createFetchJson(createApiClient({ getToken: () => 't', transport }));
    const list = await fetchJson('/api/admin/users?range=[0,9]');
    expect(list.headers.get('Content-Range')).toBe('users 0-0/1');
    expect(list.json).toEqual([{ id: 1 }]);
    expect(JSON.parse(list.body)).toEqual({ data: [{ id: 1 }] });
    await fetchJson('/api/admin/users', { method: 'POST', body: '{"name":"Иван"}' });
    await fetchJson('/api/admin/users/1', { method: 'DELETE', headers: new Headers({ 'Content-Type': 'text/plain' }) });
    expect(requests[1]).toMatchObject({ method: 'POST', data: '{"name":"Иван"}', headers: { 'content-type': 'application/json' } });
    expect(requests[2]?.method).toBe('DELETE');
    expect(requests[2]?.headers['content-type']).toBeUndefined();
  });
});
