// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../admin/App.js';
import { createProviders } from '../../admin/providers.js';
import { ACCESS_COOKIE, SESSION_MARKER_COOKIE } from '../../authProvider/index.js';
import { fakeTransport, MemoryCookies, tokenFor, type RecordedRequest } from './fakes.js';

const TIMEOUT_TOAST = 'Превышено время ожидания ответа от сервера! Попробуйте повторить операцию через некоторое время.';
const NETWORK_TOAST = 'Произошла ошибка! Попробуйте повторить операцию через некоторое время.';

type Answer = { status: number; data?: unknown; headers?: Record<string, string> } | Error;

/** The server as the admin sees it: sessions, empty admin lists, media summaries; `override` changes single answers. */
function server(cookies: MemoryCookies, override: (request: RecordedRequest) => Answer | undefined = () => undefined) {
  return fakeTransport((request) => {
    const overridden = override(request);
    if (overridden) return overridden;
    const path = request.url.split('?')[0] ?? '';
    if (path === '/api/site/login') {
      cookies.set(ACCESS_COOKIE, tokenFor('MANAGER'));
      cookies.set(SESSION_MARKER_COOKIE, '1');
      return { status: 200, data: { data: { user: { id: 1 } } } };
    }
    if (path === '/api/site/refresh') return { status: 401, data: { message: 'Требуется авторизация.' } };
    if (path === '/api/site/logout') return { status: 200, data: { data: { ok: true } } };
    if (path === '/api/media/generals') return { status: 200, data: { data: { our: null, other: null, video: null } } };
    if (path === '/api/media/many-reads') return { status: 200, data: { data: [] } };
    const resource = /^\/api\/admin\/([\w-]+)$/.exec(path)?.[1];
    if (resource && request.method === 'GET') {
      return { status: 200, data: { data: [] }, headers: { 'content-range': `${resource} 0-0/0` } };
    }
    return { status: 404, data: { message: 'Not found' } };
  });
}

function start(path: string, cookies: MemoryCookies, override?: (request: RecordedRequest) => Answer | undefined) {
  const { transport, requests } = server(cookies, override);
  const providers = createProviders({ transport, cookies });
  window.history.pushState({}, '', path);
  render(<App providers={providers} />);
  return { requests, providers };
}

beforeEach(() => {
  window.localStorage.clear();
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

describe('admin auth flow', () => {
  it('shows the login form at /admin without a session, and the dashboard after logging in', async () => {
    const cookies = new MemoryCookies();
    const { requests, providers } = start('/admin', cookies);
    await userEvent.type(await screen.findByLabelText(/Электронная почта/), 'manager@example.com');
    await userEvent.type(screen.getByLabelText(/Пароль/), 'manager-password-1');
    await userEvent.click(screen.getByRole('button', { name: 'Войти' }));

    expect(await screen.findByText('Здравствуйте, Мария Менеджер!')).toBeTruthy();
    expect(window.location.pathname.replace(/\/$/, '')).toBe('/admin');
    const login = requests.find((r) => r.url === '/api/site/login');
    expect(JSON.parse(String(login?.data))).toEqual({ email: 'manager@example.com', password: 'manager-password-1' });
    // Admin reads carry the Bearer token from the cookie.
    await waitFor(() => expect(requests.some((r) => r.url.startsWith('/api/admin/news'))).toBe(true));
    const read = requests.find((r) => r.url.startsWith('/api/admin/news'));
    expect(read?.headers.authorization).toBe(`Bearer ${cookies.get(ACCESS_COOKIE) ?? ''}`);
    providers.authProvider.session.stop();
  });

  it('keeps the session when the server logout fails, and ends it when logout succeeds', async () => {
    const cookies = new MemoryCookies();
    const token = tokenFor('MANAGER');
    cookies.set(ACCESS_COOKIE, token);
    let logoutWorks = false;
    const { requests, providers } = start('/admin', cookies, (request) =>
      request.url === '/api/site/logout' && !logoutWorks ? { status: 503, data: { message: 'Service Unavailable' } } : undefined,
    );
    expect(await screen.findByText('Здравствуйте, Мария Менеджер!')).toBeTruthy();

    await userEvent.click(await screen.findByRole('button', { name: /Профиль|Мария Менеджер/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Выйти' }));

    expect(await screen.findByText('Не удалось выйти. Попробуйте ещё раз.')).toBeTruthy();
    expect(cookies.get(ACCESS_COOKIE)).toBe(token);
    expect(screen.getByText('Здравствуйте, Мария Менеджер!')).toBeTruthy();
    expect(requests.filter((r) => r.url === '/api/site/logout')).toHaveLength(1);

    logoutWorks = true;
    const menu = screen.queryByRole('menuitem', { name: 'Выйти' });
    if (!menu) await userEvent.click(await screen.findByRole('button', { name: /Профиль|Мария Менеджер/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Выйти' }));

    expect(await screen.findByRole('button', { name: 'Войти' })).toBeTruthy();
    expect(cookies.get(ACCESS_COOKIE)).toBeUndefined();
    expect(window.location.pathname).toBe('/admin');
    providers.authProvider.session.stop();
  });

  it('ends an expired session on /admin with "Сессия истекла."', async () => {
    const cookies = new MemoryCookies();
    cookies.set(ACCESS_COOKIE, tokenFor('MANAGER'));
    const { providers } = start('/admin/news', cookies, (request) =>
      request.url.startsWith('/api/admin/') || request.url === '/api/site/logout'
        ? { status: 401, data: { message: 'Срок действия токена истёк (token expired).' } }
        : undefined,
    );
    expect(await screen.findByText('Сессия истекла.')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Войти' })).toBeTruthy();
    expect(window.location.pathname).toBe('/admin');
    expect(cookies.get(ACCESS_COOKIE)).toBeUndefined();
    providers.authProvider.session.stop();
  });

  it('sends a visitor without a session from any admin route to /admin', async () => {
    const cookies = new MemoryCookies();
    const { requests } = start('/admin/media-video', cookies);
    expect(await screen.findByRole('button', { name: 'Войти' })).toBeTruthy();
    expect(window.location.pathname).toBe('/admin');
    // Without the refresh cookie's marker there is no session to renew: no call at all.
    expect(requests).toEqual([]);
  });

  it('keeps a USER out of the users screen and its menu item', async () => {
    const cookies = new MemoryCookies();
    cookies.set(ACCESS_COOKIE, tokenFor('USER'));
    const { requests, providers } = start('/admin/users', cookies);
    expect(await screen.findByTestId('access-denied')).toBeTruthy();
    expect(screen.getByTestId('access-denied').textContent).toBe('Недостаточно прав для этого раздела.');
    const menu = await screen.findByRole('menu');
    await waitFor(() => expect(within(menu).getByText('Новости')).toBeTruthy());
    expect(within(menu).queryByText('Пользователи')).toBeNull();
    expect(within(menu).queryByText('Журнал действий')).toBeNull();
    expect(requests.some((r) => r.url.startsWith('/api/admin/users'))).toBe(false);
    providers.authProvider.session.stop();
  });
});

describe('error toasts (timeout and network)', () => {
  it('shows the timeout toast when a request times out', async () => {
    const cookies = new MemoryCookies();
    cookies.set(ACCESS_COOKIE, tokenFor('MANAGER'));
    const { providers } = start('/admin/news', cookies, (request) =>
      request.url.startsWith('/api/admin/news') ? new Error('timeout of 20000ms exceeded') : undefined,
    );
    expect(await screen.findByText(TIMEOUT_TOAST)).toBeTruthy();
    providers.authProvider.session.stop();
  });

  it('shows the network toast when the server cannot be reached', async () => {
    const cookies = new MemoryCookies();
    cookies.set(ACCESS_COOKIE, tokenFor('MANAGER'));
    const { providers } = start('/admin/news', cookies, (request) => (request.url.startsWith('/api/admin/news') ? new Error('Network Error') : undefined));
    expect(await screen.findByText(NETWORK_TOAST)).toBeTruthy();
    providers.authProvider.session.stop();
  });
});
