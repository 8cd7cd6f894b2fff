import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { SETTING_KEYS, setSetting } from '../../server/auth/settings.js';
import { loadConfig } from '../../server/config.js';
import { userWithToken } from '../helpers/auth.js';
import { CHROMIUM_ARGS, ensureSiteBuilt } from '../site/server.js';

/** Two-factor sign-in in Debian's Chromium against the built server. */

let app: FastifyInstance;
let dataDir: string;
let baseURL: string;
let browser: Browser;

beforeAll(async () => {
  ensureSiteBuilt();
  dataDir = await mkdtemp(path.join(tmpdir(), 'admin-2fa-browser-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    SEED_DEMO: '1',
    ADMIN_EMAIL: 'admin@example.com',
    ADMIN_PASSWORD: 'manager-password-1',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
  });
  app = await buildApp({ ...config, dev: false }, { logger: false, viewFlushMs: 60_000 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  baseURL = `http://127.0.0.1:${address.port}`;
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function newContext(): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1340, height: 900 }, locale: 'ru-RU' });
  context.setDefaultTimeout(10_000);
  await context.route(/youtube|rutube|ytimg/, (route) => route.fulfill({ status: 200, contentType: 'text/plain', body: '' }));
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

async function submitPassword(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/admin');
  await page.getByLabel(/Электронная почта/).fill(email);
  await page.getByLabel(/Пароль/).fill(password);
  await page.getByRole('button', { name: 'Войти' }).click();
}

describe('two-factor sign-in in Chromium', () => {
  it('an editor enrols by reading the secret from the screen, signs out, and signs in with a code', async () => {
    const editor = await userWithToken(app, 'USER', 'editor-password-1');
    const { context, page, errors } = await newContext();

    // Without 2FA the login screen is the usual one: the password leads straight to the dashboard.
    await submitPassword(page, editor.user.email, editor.password);
    await page.getByText(/Здравствуйте, /).waitFor();

    await page
      .getByRole('button', { name: /Профиль/ })
      .first()
      .click();
    await page.getByTestId('profile-link').click();
    await page.waitForURL('**/admin/profile');
    await expect.poll(() => page.getByTestId('two-factor-status').textContent()).toContain('Не включена');
    await page.getByRole('button', { name: 'Подключить' }).click();

    const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await page.getByTestId('totp-qr').getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
    await page.getByLabel(/Код из приложения/).fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) }));
    await page.getByRole('button', { name: 'Подтвердить' }).click();

    const codes = page.getByTestId('recovery-codes').locator('li');
    await codes.first().waitFor();
    expect(await codes.count()).toBe(10);
    await page.getByRole('button', { name: /Готово/ }).click();
    await expect.poll(() => page.getByTestId('two-factor-status').textContent()).toContain('Включена');
    const row = await app.db.selectFrom('users').select('two_factor').where('id', '=', editor.user.id).executeTakeFirstOrThrow();
    expect(row.two_factor).toBe(1);

    // The session continued after enrolment (fresh cookies): the dashboard still opens, then sign out.
    await page.goto('/admin');
    await page.getByText(/Здравствуйте, /).waitFor();
    await page
      .getByRole('button', { name: /Профиль/ })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Выйти' }).click();
    await page.getByRole('button', { name: 'Войти' }).waitFor();

    // The password alone now asks for the code; the code of the next step (one step of drift) signs in.
    await submitPassword(page, editor.user.email, editor.password);
    await page.getByLabel(/Код из приложения/).waitFor();
    expect(await page.context().cookies()).not.toEqual(expect.arrayContaining([expect.objectContaining({ name: 'access_token' })]));
    await page.getByLabel(/Код из приложения/).fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
    await page.getByRole('button', { name: 'Подтвердить' }).click();
    await page.getByText(/Здравствуйте, /).waitFor();
    expect(new URL(page.url()).pathname.replace(/\/$/, '')).toBe('/admin');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends an account without 2FA to its profile while a MANAGER requires it', async () => {
    const editor = await userWithToken(app, 'USER', 'editor-password-2');
    await setSetting(app.db, SETTING_KEYS.requireTwoFactor, '1');
    const { context, page, errors } = await newContext();
    try {
      await submitPassword(page, editor.user.email, editor.password);
      await page.waitForURL('**/admin/profile');
      await page.getByTestId('two-factor-required').waitFor();
      await page.goto('/admin/news');
      await page.waitForURL('**/admin/profile');
      await page.getByRole('button', { name: 'Подключить' }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await setSetting(app.db, SETTING_KEYS.requireTwoFactor, '0');
      await context.close();
    }
  });
});
