import type { FastifyInstance } from 'fastify';
import { type Browser, type BrowserContext, type BrowserContextOptions, type Page, type Response } from 'playwright-core';
import { sharedChromium, releaseChromium } from '../helpers/chromium.js';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import type { DialectName } from '../../server/db/connect.js';
import { TEST_SETTINGS } from '../helpers/settings.js';
import { preparedSite, type PreparedSite } from '../helpers/siteTemplates.js';
import { ensureSiteBuilt } from '../site/server.js';

export const MANAGER = { email: 'admin@example.com', password: 'manager-password-1' };
export const JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

/** What a test file gets: the built server with the demo content and Debian's Chromium, both started in `beforeAll`. */
export interface ChromiumAdmin {
  app: FastifyInstance;
  baseURL: string;
  browser: Browser;
}

export interface AdminPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught exceptions of the page. */
  errors: string[];
}

/**
 * Starts the built app (a new database with the demo content, the MANAGER above; `env` adds settings) and Chromium
 * for the test file, or for the `describe` block it is called in, and stops both after it. The fields of the answer
 * are filled once `beforeAll` has run.
 */
export function setUpChromiumAdmin(env: NodeJS.ProcessEnv = {}, dialect: DialectName = 'sqlite'): ChromiumAdmin {
  const admin = {} as ChromiumAdmin;
  let site: PreparedSite | undefined;
  beforeAll(async () => {
    ensureSiteBuilt();
    const settings = { ...TEST_SETTINGS, SEED_DEMO: '1', ADMIN_EMAIL: MANAGER.email, ADMIN_PASSWORD: MANAGER.password, JWT_SECRET, ...env };
    site = await preparedSite('admin-chromium-', dialect, settings);
    const config = loadConfig({ ...settings, DATA_DIR: site.dataDir, DATABASE_URL: site.databaseUrl });
    admin.app = await buildApp({ ...config, dev: false }, { logger: false, viewFlushMs: 60_000 });
    await admin.app.listen({ port: 0, host: '127.0.0.1' });
    const address = admin.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    admin.baseURL = `http://127.0.0.1:${address.port}`;
    admin.browser = await sharedChromium();
  }, 240_000);
  afterAll(async () => {
    await releaseChromium(admin.browser);
    await admin.app?.close();
    await site?.remove();
  });
  return admin;
}

/** A fresh browser context (no cookies, empty cache) and page on the admin's server; embedded video players answer empty. */
export async function newAdminPage(admin: ChromiumAdmin, options: BrowserContextOptions = {}): Promise<AdminPage> {
  const context = await admin.browser.newContext({ baseURL: admin.baseURL, viewport: { width: 1340, height: 900 }, locale: 'ru-RU', ...options });
  await context.route(/youtube|rutube|ytimg/, (route) => route.fulfill({ status: 200, contentType: 'text/plain', body: '' }));
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

/** Fills the login screen the page shows and submits it. */
export async function fillLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel(/Электронная почта/).fill(email);
  await page.getByLabel(/Пароль/).fill(password);
  await page.getByRole('button', { name: 'Войти' }).click();
}

/** Opens the login screen at /admin, fills it and submits it. */
export async function submitPassword(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/admin');
  await fillLogin(page, email, password);
}

type SessionState = Awaited<ReturnType<BrowserContext['storageState']>>;

const signedInStates = new WeakMap<ChromiumAdmin, Promise<SessionState>>();

async function signInOnce(admin: ChromiumAdmin): Promise<SessionState> {
  const { context, page } = await newAdminPage(admin);
  await logIn(page);
  const state = await context.storageState();
  await context.close();
  return state;
}

/**
 * A fresh context already signed in as the MANAGER. The sign-in happens once per test file and its cookies are reused:
 * the server admits only ten sign-ins a minute from one address, fewer than a file of quick tests needs.
 */
export async function newSignedInPage(admin: ChromiumAdmin, options: BrowserContextOptions = {}): Promise<AdminPage> {
  let state = signedInStates.get(admin);
  if (state === undefined) {
    state = signInOnce(admin);
    signedInStates.set(admin, state);
  }
  return newAdminPage(admin, { ...options, storageState: await state });
}

/** Signs in on the login screen and waits for the dashboard. */
export async function logIn(page: Page, email = MANAGER.email, password = MANAGER.password): Promise<void> {
  await submitPassword(page, email, password);
  await page.getByText(/Здравствуйте, /).waitFor();
}

/** The version of a news form that autosave keeps on the server (`new` for a create form), or null. */
export async function keptNewsForm(admin: ChromiumAdmin, recordKey: string): Promise<Record<string, unknown> | null> {
  const row = await admin.app.db
    .selectFrom('form_drafts')
    .select('form_values')
    .where('resource', '=', 'news')
    .where('record_key', '=', recordKey)
    .executeTakeFirst();
  return row ? (JSON.parse(row.form_values) as Record<string, unknown>) : null;
}

/**
 * The server's answer to the form a page sends to `path` (POST) once `submit` has run. When none comes, the error says
 * what the page showed instead (its address, the «Заголовок» it held, its field errors, notices and dialogs), so that a
 * failure can be reproduced.
 */
export async function formAnswer(page: Page, path: string, submit: () => Promise<void>): Promise<Response> {
  const answer = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === path);
  await submit();
  try {
    return await answer;
  } catch (error) {
    const shown = await page.evaluate(() => ({
      at: location.pathname,
      title: document.querySelector<HTMLInputElement>('input[name="title"]')?.value ?? null,
      showing: [...document.querySelectorAll('.Mui-error, [role="alert"], [role="status"], [role="dialog"]')]
        .map((element) => element.textContent?.trim().slice(0, 200))
        .filter(Boolean),
    }));
    throw new Error(`the page sent nothing to ${path}: ${JSON.stringify(shown)}`, { cause: error });
  }
}

/**
 * Waits until a form with rich text is whole: its editor, the last part to load, is shown. Under load a save clicked
 * between the form's first fields and its editor was sometimes not sent at all (seen in runs Y, Z2 and Z4, and in a loop
 * of «Опубликовать» clicked as soon as «Заголовок» showed: 2 lost clicks in 72 with four busy cores, none in 66 after
 * this wait). What the admin does with such a click is still to be found.
 */
export async function wholeForm(page: Page): Promise<void> {
  await page.locator('.ProseMirror').first().waitFor();
}
