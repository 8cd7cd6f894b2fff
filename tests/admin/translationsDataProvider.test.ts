import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminDataProvider, type AdminDataProvider } from '../../dataProvider/index.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { adminHeaders } from '../api/admin-helpers.js';
import { nodeTransport } from './nodeTransport.js';

/** The dataProvider against the real server with English on: the site's languages, and English versions written. */
describe('dataProvider with English on', () => {
  let testApp: TestApp;
  let provider: AdminDataProvider;

  beforeAll(async () => {
    testApp = await createTestApp('sqlite', { env: { SITE_LOCALES: 'ru,en' } });
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const baseURL = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
    const token = (await adminHeaders(testApp.app, 'USER')).authorization?.replace('Bearer ', '');
    provider = createAdminDataProvider({ baseURL, transport: nodeTransport, getToken: () => token });
  });
  afterAll(() => testApp?.close());

  it('reads the site settings', async () => {
    expect((await provider.getSiteSettings('site-settings', {})).data).toEqual({ locales: ['ru', 'en'], low_vision: true, drafts_first: false, reviewed: [] });
  });

  it('writes a news item (the POST verbs) with its English version and reads it back', async () => {
    const { data: added } = await provider.create('news', {
      data: {
        title: 'Новость с переводом',
        public_at: '2025-03-01T09:00:00.000Z',
        published: 1,
        translations: { en: { title: 'A translated item', lead: null } },
      },
    });
    expect(added).toMatchObject({ translated_en: 1, translations: { en: { title: 'A translated item', lead: '' } } });
    const { data: updated } = await provider.update('news', {
      id: added.id,
      data: { translations: { en: { title: 'A translated item', lead: 'An English lead' } } },
      previousData: added,
    });
    expect(updated.translations).toMatchObject({ en: { lead: 'An English lead' } });
    const { data: read } = await provider.getOne('news', { id: added.id });
    expect(read.translations).toEqual(updated.translations);
  });

  it('writes a vacancy (plain REST) with its English version', async () => {
    const { data } = await provider.create('vacancies', {
      data: {
        title: 'Инженер',
        city: 'Москва',
        employment: 'full',
        public_at: '2025-03-01T09:00:00.000Z',
        description: '<p>Описание</p>',
        published: 1,
        translations: { en: { title: 'Engineer' } },
      },
    });
    expect(data).toMatchObject({ translated_en: 1, translations: { en: { title: 'Engineer' } } });
  });
});
