import { describe, expect, it } from 'vitest';
import { ACCESS_COOKIE, createAuthProvider, PROFILE_PATH, TwoFactorChallenge } from '../../authProvider/index.js';
import { fakeTransport, MemoryCookies, tokenFor } from './fakes.js';

/** The authProvider's two-step login (docs/admin-api.md, Two-factor sign-in). */
describe('authProvider: two-factor sign-in', () => {
  it('answers the challenge of the password step (no session yet), then signs in with the code', async () => {
    const cookies = new MemoryCookies();
    const { transport, requests } = fakeTransport((request) => {
      if (request.url === '/api/site/login') return { status: 200, data: { data: { twoFactor: true, challenge: 'c'.repeat(43) } } };
      if (request.url === '/api/site/login/2fa') {
        cookies.set(ACCESS_COOKIE, tokenFor('USER'));
        return { status: 200, data: { data: { user: { id: 2 } } } };
      }
      return { status: 404, data: { message: 'Not found' } };
    });
    const auth = createAuthProvider({ transport, cookies });

    const first = auth.login({ email: 'user@example.com', password: 'password-1' });
    await expect(first).rejects.toBeInstanceOf(TwoFactorChallenge);
    const challenge = await first.then(
      () => null,
      (error: unknown) => (error instanceof TwoFactorChallenge ? error.challenge : null),
    );
    expect(challenge).toBe('c'.repeat(43));
    expect(cookies.get(ACCESS_COOKIE)).toBeUndefined();

    await expect(auth.login({ challenge: challenge ?? '', code: '123456' })).resolves.toEqual({ redirectTo: '/admin' });
    expect(JSON.parse(String(requests.at(-1)?.data))).toEqual({ challenge: 'c'.repeat(43), code: '123456' });
    await expect(auth.getIdentity()).resolves.toMatchObject({ id: '2' });
    auth.session.stop();
  });

  it('reports a wrong code with the server’s message and stays without a session', async () => {
    const cookies = new MemoryCookies();
    const { transport } = fakeTransport(() => ({ status: 401, data: { message: 'Неверный код.', errors: { code: ['Неверный код.'] } } }));
    const auth = createAuthProvider({ transport, cookies });
    await expect(auth.login({ challenge: 'x'.repeat(43), code: '000000' })).rejects.toThrow('Неверный код.');
    expect(cookies.get(ACCESS_COOKIE)).toBeUndefined();
  });

  it('sends an account that must enrol to the profile right after the password step', async () => {
    const cookies = new MemoryCookies();
    const { transport } = fakeTransport(() => {
      cookies.set(ACCESS_COOKIE, tokenFor('USER'));
      return { status: 200, data: { data: { user: { id: 2 }, twoFactorSetupRequired: true } } };
    });
    const auth = createAuthProvider({ transport, cookies });
    await expect(auth.login({ email: 'user@example.com', password: 'password-1' })).resolves.toEqual({ redirectTo: PROFILE_PATH });
    auth.session.stop();
  });
});
