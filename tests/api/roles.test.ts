import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIONS, builtinPermissions, RIGHTS_RESOURCES } from '../../lib/resources/rights.js';
import { FORBIDDEN_MESSAGE } from '../../server/auth/guard.js';
import { UNKNOWN_ROLE_MESSAGE } from '../../server/auth/accounts.js';
import { escalationMessage } from '../../server/roles/escalation.js';
import { ROLE_MESSAGES } from '../../server/roles/permissions.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { userWithToken } from '../helpers/auth.js';
import { testDialects } from '../helpers/databases.js';
import { daysAgo } from '../helpers/fixtures.js';
import { NO_RIGHTS_OVER_USES_MESSAGE } from '../../server/assets/rights.js';
import { pngImage, postForm } from './admin-helpers.js';

type Staff = Awaited<ReturnType<typeof userWithToken>>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface RoleRecord {
  id: number;
  name: string;
  title: string;
  builtin: boolean;
  permissions: Record<string, string[]>;
}

/** The three roles of a company whose departments each keep their own part of the site. */
const EXAMPLE_ROLES = {
  press: {
    name: 'press',
    title: 'Пресс-служба',
    permissions: {
      news: ['read', 'edit', 'publish', 'delete'],
      'media-our': ['read', 'edit', 'publish', 'delete'],
      'media-other': ['read', 'edit', 'delete'],
      'media-video': ['read', 'edit', 'delete'],
    },
  },
  author: { name: 'author', title: 'Автор', permissions: { news: ['read', 'edit'] } },
  investors: {
    name: 'investors',
    title: 'Инвесторам',
    permissions: {
      'investor-documents': ['read', 'edit', 'delete'],
      'investor-events': ['read', 'edit', 'delete'],
      'text-pages': ['read', 'edit', 'delete'],
    },
  },
} as const;

describe.each(await testDialects())('roles by section on %s', (dialect) => {
  let t: TestApp;
  let manager: Staff;
  let user: Staff;

  const call = (method: Method, url: string, who: Staff, payload?: object) =>
    t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

  /** An account of a role, signed in. */
  const staffOf = async (role: string): Promise<Staff> => {
    const staff = await userWithToken(t.app, 'USER');
    const changed = await call('PUT', `/api/admin/users/${staff.user.id}`, manager, { role });
    expect(changed.statusCode, changed.body).toBe(200);
    return userWithTokenOf(staff);
  };
  /** A fresh token after the role change (which ended the account's sessions). */
  const userWithTokenOf = async (staff: Staff): Promise<Staff> => {
    const { signAccessToken } = await import('../../server/auth/tokens.js');
    const row = await t.app.db.selectFrom('users').selectAll().where('id', '=', staff.user.id).executeTakeFirstOrThrow();
    const token = await signAccessToken(t.app.config.jwtSecret, row);
    return { ...staff, user: row, token, headers: { authorization: `Bearer ${token}` } };
  };
  const createRole = async (role: { name: string; title: string; permissions: object }): Promise<RoleRecord> => {
    const response = await call('POST', '/api/admin/roles', manager, role);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as RoleRecord;
  };
  const addNews = async (title: string, who: Staff = manager) => {
    const response = await call('POST', '/api/admin/news/add', who, { title, public_at: daysAgo(1), published: 1, content: `<p>${title}</p>` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { id: number; title: string; published: number; draft: { values: Record<string, unknown> } | null };
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    manager = await userWithToken(t.app, 'MANAGER');
    user = await userWithToken(t.app, 'USER');
    for (const role of Object.values(EXAMPLE_ROLES)) await createRole(role);
  }, 120_000);
  afterAll(() => t?.close());

  it('lists USER and MANAGER as built-in with the rights their declarations give, then the roles added, to a MANAGER only', async () => {
    const response = await call('GET', '/api/admin/roles', manager);
    expect(response.statusCode).toBe(200);
    const roles = response.json().data as RoleRecord[];
    expect(roles.slice(0, 2)).toEqual([
      expect.objectContaining({ name: 'USER', builtin: true, permissions: builtinPermissions('USER') }),
      expect.objectContaining({ name: 'MANAGER', builtin: true, permissions: builtinPermissions('MANAGER') }),
    ]);
    expect(roles.find((role) => role.name === 'author')).toMatchObject({ title: 'Автор', builtin: false, permissions: { news: ['read', 'edit'] } });
    // MANAGER may do every action every resource offers; USER nothing with the administration.
    for (const resource of RIGHTS_RESOURCES) expect(builtinPermissions('MANAGER')[resource.name]).toEqual(resource.actions);
    expect(builtinPermissions('USER').users).toBeUndefined();

    const refused = await call('GET', '/api/admin/roles', user);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: FORBIDDEN_MESSAGE });
  });

  it('refuses an unknown resource, an action a resource does not offer and a bad name with a 400 naming them', async () => {
    const unknownResource = await call('POST', '/api/admin/roles', manager, { name: 'hr', title: 'Кадры', permissions: { vacancy: ['read'] } });
    expect(unknownResource.statusCode).toBe(400);
    expect(unknownResource.body).toContain(ROLE_MESSAGES.unknownResource('vacancy'));
    const unknownAction = await call('POST', '/api/admin/roles', manager, { name: 'hr', title: 'Кадры', permissions: { vacancies: ['read', 'approve'] } });
    expect(unknownAction.statusCode).toBe(400);
    expect(unknownAction.body).toContain(ROLE_MESSAGES.unknownAction('vacancies', 'approve'));
    // Publishing is an action of its own only where drafts are kept.
    const publishWithoutDrafts = await call('POST', '/api/admin/roles', manager, { name: 'hr', title: 'Кадры', permissions: { redirects: ['publish'] } });
    expect(publishWithoutDrafts.statusCode).toBe(400);
    expect(publishWithoutDrafts.body).toContain(ROLE_MESSAGES.unknownAction('redirects', 'publish'));
    for (const name of ['Hr', 'h', '1hr', 'h_r', `h${'r'.repeat(41)}`]) {
      const bad = await call('POST', '/api/admin/roles', manager, { name, title: 'Кадры', permissions: {} });
      expect(bad.statusCode, name).toBe(400);
      expect(bad.json().message, name).toMatch(/[а-я]/);
    }
    const taken = await call('POST', '/api/admin/roles', manager, { name: 'author', title: 'Автор', permissions: {} });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(ROLE_MESSAGES.taken);
    const builtinName = await call('POST', '/api/admin/roles', manager, { name: 'MANAGER', title: 'Менеджер', permissions: {} });
    expect(builtinName.statusCode).toBe(400);
  });

  it('keeps the built-in roles as they are: changing or removing one is a 409 in Russian', async () => {
    const roles = (await call('GET', '/api/admin/roles', manager)).json().data as RoleRecord[];
    for (const builtin of roles.filter((role) => role.builtin)) {
      const changed = await call('PUT', `/api/admin/roles/${builtin.id}`, manager, { title: 'Другое' });
      expect(changed.statusCode).toBe(409);
      expect(changed.json().message).toBe(ROLE_MESSAGES.builtin);
      const removed = await call('DELETE', `/api/admin/roles/${builtin.id}`, manager);
      expect(removed.statusCode).toBe(409);
    }
    expect((await call('PUT', '/api/admin/roles/999999', manager, { title: 'Нет' })).statusCode).toBe(404);
  });

  it('gives an account a role added by a MANAGER, refuses one that does not exist, and logs the role in words with its name', async () => {
    const staff = await userWithToken(t.app, 'USER');
    const unknown = await call('PUT', `/api/admin/users/${staff.user.id}`, manager, { role: 'nobody' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(UNKNOWN_ROLE_MESSAGE);
    const given = await call('PUT', `/api/admin/users/${staff.user.id}`, manager, { role: 'author' });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json().data).toMatchObject({ role: 'author' });
    const created = await call('POST', '/api/admin/users', manager, {
      email: `investors-${dialect}@example.com`,
      name: 'Инвесторы',
      password: 'long-enough-password-1',
      role: 'investors',
    });
    expect(created.statusCode, created.body).toBe(201);

    const audit = await t.app.db.selectFrom('audit_log').select(['action', 'resource', 'record_id', 'details']).orderBy('id').execute();
    expect(audit).toContainEqual({ action: 'create', resource: 'roles', record_id: 'author', details: 'Роль «Автор» (author)' });
    expect(audit).toContainEqual({ action: 'update', resource: 'users', record_id: String(staff.user.id), details: 'Роль: USER → author' });
    expect(audit).toContainEqual({ action: 'create', resource: 'users', record_id: String(created.json().data.id), details: 'Роль: investors' });
  });

  it('«Автор» reads and writes the news only: a change of a published item waits as its draft, publishing and removing are refused', async () => {
    const author = await staffOf('author');
    expect((await call('GET', '/api/admin/me', author)).json().data).toMatchObject({ role: 'author', permissions: { news: ['read', 'edit'] } });
    expect((await call('GET', '/api/admin/news', author)).statusCode).toBe(200);
    for (const url of ['/api/admin/investor-documents', '/api/admin/media-our', '/api/admin/users', '/api/admin/roles', '/api/admin/backups']) {
      expect((await call('GET', url, author)).statusCode, url).toBe(403);
    }

    const live = await addNews('Итоги года');
    const changed = await call('POST', `/api/admin/news/update/${live.id}`, author, { title: 'Итоги года: выручка выросла' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ title: 'Итоги года', draft: { values: { title: 'Итоги года: выручка выросла' } } });
    expect((await t.app.inject('/api/news/items')).body).not.toContain('выручка выросла');

    // A new item is added unpublished, its publication waiting as the draft.
    const added = await addNews('Новый офис', author);
    expect(added.published).toBe(0);
    expect(added.draft?.values).toEqual({ published: 1 });

    const publish = await call('POST', `/api/admin/news/publish-draft/${live.id}`, author);
    expect(publish.statusCode).toBe(403);
    expect((await call('POST', `/api/admin/news/remove/${live.id}`, author)).statusCode).toBe(403);
    expect((await call('POST', `/api/admin/news/submit/${live.id}`, author)).statusCode).toBe(200);

    // «Пресс-служба» may publish the news: it approves the draft and finds it waiting on its dashboard.
    const press = await staffOf('press');
    const queue = (await call('GET', '/api/admin/review-queue', press)).json().data as { waiting: { record_id: number }[] };
    expect(queue.waiting.map((item) => item.record_id)).toContain(live.id);
    const approved = await call('POST', `/api/admin/news/publish-draft/${live.id}`, press);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({ title: 'Итоги года: выручка выросла', draft: null });
    expect((await call('POST', `/api/admin/news/remove/${added.id}`, press)).statusCode).toBe(200);
  });

  it('«Инвесторам» keeps the investor pages and documents, and nothing of the news; search and calendar show only what it reads', async () => {
    const investors = await staffOf('investors');
    expect((await call('GET', '/api/admin/investor-documents', investors)).statusCode).toBe(200);
    expect((await call('GET', '/api/admin/text-pages', investors)).statusCode).toBe(200);
    expect((await call('GET', '/api/admin/news', investors)).statusCode).toBe(403);
    expect((await call('POST', '/api/admin/news/add', investors, { title: 'Нельзя' })).statusCode).toBe(403);

    await addNews('Собрание акционеров перенесено');
    const found = (await call('GET', '/api/admin/search?q=акционеров', investors)).json().data as { resource: string }[];
    expect(found.map((item) => item.resource)).not.toContain('news');
    const from = new Date(Date.now() - 30 * 86_400_000).toISOString();
    const to = new Date(Date.now() + 86_400_000).toISOString();
    const calendar = await call('GET', `/api/admin/calendar?from=${from}&to=${to}`, investors);
    expect(calendar.statusCode, calendar.body).toBe(200);
    expect((calendar.json().data as { resource: string }[]).map((item) => item.resource)).not.toContain('news');
  });

  it("applies a change of a role's rights at the next request, and removes a role only once no account has it", async () => {
    const role = await createRole({ name: 'web-team', title: 'Веб-команда', permissions: { menus: ['read'] } });
    const web = await staffOf('web-team');
    expect((await call('GET', '/api/admin/redirects', web)).statusCode).toBe(403);
    const changed = await call('PUT', `/api/admin/roles/${role.id}`, manager, { permissions: { menus: ['read', 'edit'], redirects: ['read'] } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await call('GET', '/api/admin/redirects', web)).statusCode).toBe(200);

    const inUse = await call('DELETE', `/api/admin/roles/${role.id}`, manager);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toBe(ROLE_MESSAGES.inUse);
    expect((await call('PUT', `/api/admin/users/${web.user.id}`, manager, { role: 'USER' })).statusCode).toBe(200);
    const removed = await call('DELETE', `/api/admin/roles/${role.id}`, manager);
    expect(removed.statusCode, removed.body).toBe(200);
    const audit = await t.app.db
      .selectFrom('audit_log')
      .select('action')
      .where('resource', '=', 'roles')
      .where('record_id', '=', 'web-team')
      .orderBy('id')
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual(['create', 'update', 'delete']);
  });

  it('lets whoever edits some resource and reads the library upload into it, and refuses a file used by records the role may not edit', async () => {
    await createRole({ name: 'news-pictures', title: 'Новости с картинками', permissions: { news: ['read', 'edit'], assets: ['read', 'edit'] } });
    await createRole({ name: 'library-viewer', title: 'Просмотр медиатеки', permissions: { assets: ['read'] } });
    let pictures = 0;
    // Each a picture of its own: the library finds a file it already holds instead of keeping it twice.
    const picture = async () => ({ field: 'file', filename: 'photo.png', data: await pngImage(64, 48 + ++pictures), type: 'image/png' });
    const editor = await staffOf('news-pictures');
    const viewer = await staffOf('library-viewer');
    const author = await staffOf('author');

    const uploaded = await postForm(t.app, '/api/admin/assets/upload', editor.headers, {}, [await picture()]);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect((await postForm(t.app, '/api/admin/assets/upload', viewer.headers, {}, [await picture()])).statusCode).toBe(403);
    // «Автор» does not read the library.
    expect((await postForm(t.app, '/api/admin/assets/upload', author.headers, {}, [await picture()])).statusCode).toBe(403);

    // The picture of an own media article (which the role may not edit) is not replaced by it.
    const managers = await postForm(t.app, '/api/admin/assets/upload', manager.headers, {}, [await picture()]);
    expect(managers.statusCode, managers.body).toBe(201);
    const asset = managers.json().asset as { id: number };
    const article = await call('POST', '/api/admin/media-our/add', manager, {
      title: 'Репортаж с открытия',
      public_at: daysAgo(1),
      published: 1,
      content: '<p>Текст</p>',
      image: { asset: asset.id },
    });
    expect(article.statusCode, article.body).toBe(200);
    const replaced = await postForm(t.app, `/api/admin/assets/${asset.id}/replace`, editor.headers, {}, [await picture()]);
    expect(replaced.statusCode, replaced.body).toBe(403);
    expect(replaced.json().message).toBe(NO_RIGHTS_OVER_USES_MESSAGE);
  });

  it('lets a role that keeps accounts and roles give only the rights it has itself: no MANAGER, no takeover, no wider role', async () => {
    await createRole({ name: 'web', title: 'Веб-команда', permissions: { users: ['read', 'edit'], roles: ['read', 'edit'], redirects: ['read', 'edit'] } });
    const web = await staffOf('web');
    /** Refused with the rights the role lacks named first (the grid's order), `missing` among them. */
    const refusedWith = (response: { statusCode: number; json: () => { message: string } }, missing: string) => {
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toMatch(/^Нельзя дать или изменить права, которых нет у вас самих: /);
      expect(response.json().message).toContain(missing);
    };
    const someone = await userWithToken(t.app, 'USER');
    refusedWith(await call('PUT', `/api/admin/users/${web.user.id}`, web, { role: 'MANAGER' }), 'news: read');
    refusedWith(await call('PUT', `/api/admin/users/${someone.user.id}`, web, { role: 'press' }), 'news: read');
    refusedWith(
      await call('POST', '/api/admin/users', web, { email: 'boss@example.com', name: 'Босс', password: 'Пароль-длинный-1', role: 'MANAGER' }),
      'news: read',
    );
    // An account with rights the role lacks (the MANAGER's) is not changed by it: its password stays its own.
    refusedWith(await call('PUT', `/api/admin/users/${manager.user.id}`, web, { password: 'Другой-пароль-длинный-2' }), 'news: read');
    const wider = await call('POST', '/api/admin/roles', web, { name: 'wider', title: 'Шире', permissions: { news: ['read'] } });
    expect(wider.statusCode).toBe(403);
    expect(wider.json()).toEqual({ message: escalationMessage(['news: read']) });
    refusedWith(
      await call('PUT', `/api/admin/roles/${(await createRole({ name: 'editors', title: 'Редакция', permissions: { news: ['read'] } })).id}`, web, {
        title: 'Моя',
      }),
      'news: read',
    );
    // Within its own rights it keeps accounts and roles as a MANAGER would.
    const narrower = await call('POST', '/api/admin/roles', web, {
      name: 'redirects-only',
      title: 'Переадресации',
      permissions: { redirects: ['read', 'edit'] },
    });
    expect(narrower.statusCode, narrower.body).toBe(201);
    const created = await call('POST', '/api/admin/users', web, {
      email: 'redirects@example.com',
      name: 'Переадресации',
      password: 'Пароль-длинный-3',
      role: 'redirects-only',
    });
    expect(created.statusCode, created.body).toBe(201);
    const renamed = await call('PUT', `/api/admin/users/${created.json().data.id}`, web, { name: 'Отдел переадресаций' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: 'Отдел переадресаций', role: 'redirects-only' });
  });

  it('offers every action in the order of the grid', () => {
    for (const resource of RIGHTS_RESOURCES) expect(ACTIONS.filter((action) => resource.actions.includes(action))).toEqual(resource.actions);
  });
});
