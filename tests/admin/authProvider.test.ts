import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ACCESS_COOKIE,
  createAuthProvider,
  LOGIN_REQUIRED_KEY,
  LOGOUT_FAILED_KEY,
  roleCanAccess,
  SESSION_EXPIRED_KEY,
  SESSION_MARKER_COOKIE,
} from '../../authProvider/index.js';
import { fakeTransport, MemoryCookies, tokenFor } from './fakes.js';

function setup(route: Parameters<typeof fakeTransport>[0], token?: string) {
  const cookies = new MemoryCookies();
  if (token) cookies.set(ACCESS_COOKIE, token);
  const { transport, requests } = fakeTransport(route);
  const auth = createAuthProvider({ transport, cookies });
  return { auth, cookies, requests };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('authProvider: session from the access_token cookie', () => {
  it('is authenticated when the cookie holds a token, and reads identity and role from it', async () => {
    const { auth, requests } = setup(() => ({ status: 200, data: { data: {} } }), tokenFor('MANAGER'));
    await expect(auth.checkAuth({})).resolves.toBeUndefined();
    await expect(auth.getIdentity()).resolves.toMatchObject({ id: '1', fullName: 'Мария Менеджер', role: 'MANAGER' });
    await expect(auth.getPermissions()).resolves.toBe('MANAGER');
    expect(requests).toHaveLength(0);
    auth.session.stop();
  });

  it('without a token nor the refresh cookie’s marker, sends the visitor to /admin without asking the server', async () => {
    const { auth, requests } = setup(() => ({ status: 401, data: { message: 'Требуется авторизация.' } }));
    expect(auth.session.present()).toBe(false);
    await expect(auth.checkAuth({})).rejects.toEqual({ message: LOGIN_REQUIRED_KEY, redirectTo: '/admin' });
    expect(requests).toEqual([]);
  });

  it('without a token but with the marker, tries the refresh cookie once, then sends the visitor to /admin', async () => {
    const { auth, cookies, requests } = setup(() => {
      cookies.remove(SESSION_MARKER_COOKIE);
      return { status: 401, data: { message: 'Требуется авторизация.' } };
    });
    cookies.set(SESSION_MARKER_COOKIE, '1');
    expect(auth.session.present()).toBe(true);
    await expect(auth.checkAuth({})).rejects.toEqual({ message: LOGIN_REQUIRED_KEY, redirectTo: '/admin' });
    await expect(auth.checkAuth({})).rejects.toEqual({ message: LOGIN_REQUIRED_KEY, redirectTo: '/admin' });
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /api/site/refresh']);
  });

  it('without a token but with a live refresh cookie, renews the session silently', async () => {
    const cookies = new MemoryCookies();
    cookies.set(SESSION_MARKER_COOKIE, '1');
    const { transport } = fakeTransport((request) => {
      if (request.url === '/api/site/refresh') cookies.set(ACCESS_COOKIE, tokenFor('USER'));
      return { status: 200, data: { data: { user: {} } } };
    });
    const auth = createAuthProvider({ transport, cookies });
    await expect(auth.checkAuth({})).resolves.toBeUndefined();
    await expect(auth.getPermissions()).resolves.toBe('USER');
    auth.session.stop();
  });

  it('logs in with e-mail and password and keeps the token the server set', async () => {
    const cookies = new MemoryCookies();
    const { transport, requests } = fakeTransport((request) => {
      cookies.set(ACCESS_COOKIE, tokenFor('MANAGER'));
      return { status: 200, data: { data: { user: { id: 1, url: request.url } } } };
    });
    const auth = createAuthProvider({ transport, cookies });
    await auth.login({ username: 'manager@example.com', password: 'secret-password' });
    expect(requests[0]).toMatchObject({ method: 'POST', url: '/api/site/login' });
    expect(JSON.parse(String(requests[0]?.data))).toEqual({ email: 'manager@example.com', password: 'secret-password' });
    expect(auth.session.token()).toBeDefined();
    expect(auth.session.isScheduled()).toBe(true);
    auth.session.stop();
  });

  it('reports the server message of a failed login', async () => {
    const { auth } = setup(() => ({ status: 401, data: { message: 'Неверный e-mail или пароль.' } }));
    await expect(auth.login({ username: 'x@example.com', password: 'bad' })).rejects.toThrow('Неверный e-mail или пароль.');
  });
});

describe('authProvider: logout', () => {
  it('calls the server with the Bearer token first, then clears the token', async () => {
    const token = tokenFor('MANAGER');
    const { auth, cookies, requests } = setup(() => ({ status: 200, data: { data: { ok: true } } }), token);
    await expect(auth.logout({})).resolves.toBe('/admin');
    expect(requests[0]).toMatchObject({ method: 'POST', url: '/api/site/logout' });
    expect(requests[0]?.headers.authorization).toBe(`Bearer ${token}`);
    expect(requests[0]?.headers['content-type']).toBeUndefined();
    expect(requests[0]?.data).toBeUndefined();
    expect(cookies.get(ACCESS_COOKIE)).toBeUndefined();
  });

  it('keeps the token and reports the failure when the server call fails', async () => {
    const token = tokenFor('MANAGER');
    const { auth, cookies } = setup(() => ({ status: 503, data: { message: 'Service Unavailable' } }), token);
    await expect(auth.logout({})).rejects.toMatchObject({ message: LOGOUT_FAILED_KEY });
    expect(cookies.get(ACCESS_COOKIE)).toBe(token);
    auth.session.stop();
  });

  it('keeps the token when the network fails', async () => {
    const token = tokenFor('USER');
    const { auth, cookies } = setup(() => new Error('Network Error'), token);
    await expect(auth.logout({})).rejects.toMatchObject({ message: LOGOUT_FAILED_KEY });
    expect(cookies.get(ACCESS_COOKIE)).toBe(token);
    auth.session.stop();
  });

  it('clears a token the server already refuses (401) or that has expired, without anything left to revoke', async () => {
    const refused = setup(() => ({ status: 401, data: { message: 'Требуется авторизация.' } }), tokenFor('USER'));
    await expect(refused.auth.logout({})).resolves.toBe('/admin');
    expect(refused.cookies.get(ACCESS_COOKIE)).toBeUndefined();

    const expired = setup(() => ({ status: 200, data: {} }), tokenFor('USER', { expiresInSeconds: -10 }));
    expired.cookies.set(SESSION_MARKER_COOKIE, '1');
    await expect(expired.auth.logout({})).resolves.toBe('/admin');
    expect(expired.requests).toHaveLength(0);
    expect(expired.cookies.get(ACCESS_COOKIE)).toBeUndefined();
    // Nothing tries to renew the session afterwards.
    expect(expired.auth.session.present()).toBe(false);
  });
});

describe('authProvider: errors and roles', () => {
  it('ends an expired session with "Сессия истекла." and goes back to /admin', async () => {
    const { auth } = setup(() => ({ status: 200 }), tokenFor('USER'));
    await expect(auth.checkError({ status: 401, message: 'Срок действия токена истёк (token expired).' })).rejects.toMatchObject({
      message: SESSION_EXPIRED_KEY,
      redirectTo: '/admin',
    });
    await expect(auth.checkError({ status: 401, message: 'Требуется авторизация.' })).rejects.toMatchObject({
      message: LOGIN_REQUIRED_KEY,
      redirectTo: '/admin',
    });
    await expect(auth.checkError({ status: 403, message: 'Недостаточно прав.' })).resolves.toBeUndefined();
    await expect(auth.checkError({ status: 500, message: 'token expired' })).resolves.toBeUndefined();
    auth.session.stop();
  });

  it('sends a read refused after the session ended to the sign-in without ending the session again', async () => {
    const { auth } = setup(() => ({ status: 200 }), tokenFor('USER'));
    auth.session.clear();
    await expect(auth.checkError({ status: 401, message: 'Срок действия токена истёк (token expired).' })).rejects.toEqual({
      message: false,
      redirectTo: '/admin',
      status: 401,
      logoutUser: false,
    });
  });

  it('lets a MANAGER open everything and keeps a USER out of MANAGER screens', async () => {
    for (const resource of ['news', 'media-our', 'media-other', 'media-video', 'photobank-logos', 'users', 'audit-log']) {
      expect(roleCanAccess('MANAGER', resource)).toBe(true);
    }
    for (const resource of ['news', 'media-our', 'media-other', 'media-video', 'photobank-groups', 'photobank-photos']) {
      expect(roleCanAccess('USER', resource)).toBe(true);
    }
    for (const resource of ['users', 'audit-log', 'menus', 'network-collections', 'text-pages', 'media-source']) {
      expect(roleCanAccess('USER', resource)).toBe(false);
    }
    expect(roleCanAccess(undefined, 'news')).toBe(false);
    // The IndexNow log lies outside the registry and is for a MANAGER only.
    expect(roleCanAccess('MANAGER', 'indexnow')).toBe(true);
    expect(roleCanAccess('USER', 'indexnow')).toBe(false);
    const { auth } = setup(() => ({ status: 200 }), tokenFor('USER'));
    await expect(auth.canAccess({ resource: 'users', action: 'list' })).resolves.toBe(false);
    await expect(auth.canAccess({ resource: 'news', action: 'list' })).resolves.toBe(true);
    auth.session.stop();
  });
});

describe('authProvider: a role a MANAGER added', () => {
  it('reads the account’s rights once from /api/admin/me and opens only its resources and actions', async () => {
    const { auth, requests } = setup(
      (request) =>
        request.url === '/api/admin/me' ? { status: 200, data: { data: { role: 'author', permissions: { news: ['read', 'edit'] } } } } : { status: 404 },
      tokenFor('author'),
    );
    await expect(auth.getPermissions()).resolves.toBe('author');
    await expect(auth.canAccess({ resource: 'news', action: 'list' })).resolves.toBe(true);
    await expect(auth.canAccess({ resource: 'news', action: 'create' })).resolves.toBe(true);
    await expect(auth.canAccess({ resource: 'news', action: 'delete' })).resolves.toBe(false);
    await expect(auth.canAccess({ resource: 'news', action: 'publish' })).resolves.toBe(false);
    await expect(auth.canAccess({ resource: 'media-our', action: 'list' })).resolves.toBe(false);
    await expect(auth.canAccess({ resource: 'roles', action: 'list' })).resolves.toBe(false);
    // The screens every account has, whose answers the server limits.
    await expect(auth.canAccess({ resource: 'calendar' })).resolves.toBe(true);
    expect(requests.map((request) => request.url)).toEqual(['/api/admin/me']);
    auth.session.stop();
  });

  it('grants nothing when the rights cannot be read, and asks again next time', async () => {
    let answer = 500;
    const { auth, requests } = setup(() => ({ status: answer, data: { data: { permissions: { vacancies: ['read'] } } } }), tokenFor('hr'));
    await expect(auth.canAccess({ resource: 'vacancies', action: 'list' })).resolves.toBe(false);
    answer = 200;
    await expect(auth.canAccess({ resource: 'vacancies', action: 'list' })).resolves.toBe(true);
    expect(requests).toHaveLength(2);
    auth.session.stop();
  });
});

describe('authProvider: silent refresh before expiry', () => {
  it('refreshes a token about to expire before the request, once for concurrent requests', async () => {
    const cookies = new MemoryCookies();
    cookies.set(SESSION_MARKER_COOKIE, '1');
    cookies.set(ACCESS_COOKIE, tokenFor('MANAGER', { expiresInSeconds: 30 }));
    const fresh = tokenFor('MANAGER', { expiresInSeconds: 900 });
    const { transport, requests } = fakeTransport(() => {
      cookies.set(ACCESS_COOKIE, fresh);
      return { status: 200, data: { data: { user: {} } } };
    });
    const auth = createAuthProvider({ transport, cookies });
    const tokens = await Promise.all([auth.session.validToken(), auth.session.validToken(), auth.session.validToken()]);
    expect(tokens).toEqual([fresh, fresh, fresh]);
    expect(requests.filter((r) => r.url === '/api/site/refresh')).toHaveLength(1);
    auth.session.stop();
  });

  it('keeps an expired token when a refused refresh clears the cookie, so the server can say it expired', async () => {
    const cookies = new MemoryCookies();
    const expired = tokenFor('MANAGER', { expiresInSeconds: -30 });
    cookies.set(ACCESS_COOKIE, expired);
    cookies.set(SESSION_MARKER_COOKIE, '1');
    const { transport, requests } = fakeTransport(() => {
      cookies.remove(ACCESS_COOKIE);
      cookies.remove(SESSION_MARKER_COOKIE);
      return { status: 401, data: { message: 'Требуется авторизация.' } };
    });
    const auth = createAuthProvider({ transport, cookies });
    await expect(auth.session.validToken()).resolves.toBe(expired);
    expect(requests.map((r) => r.url)).toEqual(['/api/site/refresh']);
    await expect(auth.checkAuth({})).resolves.toBeUndefined();
    await expect(auth.logout({})).resolves.toBe('/admin');
    expect(auth.session.token()).toBeUndefined();
  });

  it('keeps the expired token for a request made after a refused refresh cleared the cookie but before it settled', async () => {
    const cookies = new MemoryCookies();
    const expired = tokenFor('MANAGER', { expiresInSeconds: -30 });
    cookies.set(ACCESS_COOKIE, expired);
    cookies.set(SESSION_MARKER_COOKIE, '1');
    const seenInBetween: Array<string | undefined> = [];
    const { transport } = fakeTransport(() => {
      cookies.remove(ACCESS_COOKIE);
      seenInBetween.push(auth.session.token());
      return { status: 401, data: { message: 'Требуется авторизация.' } };
    });
    const auth = createAuthProvider({ transport, cookies });
    await expect(auth.session.validToken()).resolves.toBe(expired);
    expect(seenInBetween).toEqual([expired]);
  });

  it('plans the refresh a minute before expiry and renews the cookie then', async () => {
    vi.useFakeTimers();
    const cookies = new MemoryCookies();
    cookies.set(SESSION_MARKER_COOKIE, '1');
    cookies.set(ACCESS_COOKIE, tokenFor('MANAGER', { expiresInSeconds: 15 * 60 }));
    const { transport, requests } = fakeTransport(() => {
      cookies.set(ACCESS_COOKIE, tokenFor('MANAGER', { expiresInSeconds: 30 * 60 }));
      return { status: 200, data: { data: { user: {} } } };
    });
    const auth = createAuthProvider({ transport, cookies });
    expect(auth.session.isScheduled()).toBe(true);
    await vi.advanceTimersByTimeAsync(13 * 60 * 1000);
    expect(requests).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(60 * 1000 + 1000);
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /api/site/refresh']);
    auth.session.stop();
  });
});
