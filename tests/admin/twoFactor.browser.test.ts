import { readFile } from 'node:fs/promises';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { SETTING_KEYS, setSetting } from '../../server/auth/settings.js';
import { userWithToken } from '../helpers/auth.js';
import { newAdminPage, setUpChromiumAdmin, submitPassword } from './chromiumAdmin.js';

/** Two-factor sign-in in Debian's Chromium against the built server. */

const admin = setUpChromiumAdmin();

describe('two-factor sign-in in Chromium', () => {
  it('an editor enrols by reading the secret from the screen, signs out, and signs in with a code', async () => {
    const editor = await userWithToken(admin.app, 'USER', 'editor-password-1');
    const { context, page, errors } = await newAdminPage(admin);

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
    // «Включена» at once, beside the codes; they are copied, saved as a .txt file and printed alone.
    await expect.poll(() => page.getByTestId('two-factor-status').textContent()).toContain('Включена');
    const first = (await codes.first().textContent()) ?? '';
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'Скопировать' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain(first);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Скачать .txt' }).click()]);
    expect(download.suggestedFilename()).toBe('recovery-codes.txt');
    expect(await readFile(await download.path(), 'utf8')).toContain(first);
    await page.evaluate(() => {
      window.print = () => document.body.setAttribute('data-printed', '1');
    });
    await page.getByRole('button', { name: 'Распечатать' }).click();
    expect(await page.locator('body').getAttribute('data-printed')).toBe('1');
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByTestId('recovery-codes').isVisible()).toBe(true);
    expect(await page.getByTestId('two-factor-status').isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });
    await page.getByRole('button', { name: /Готово/ }).click();
    const row = await admin.app.db.selectFrom('users').select('two_factor').where('id', '=', editor.user.id).executeTakeFirstOrThrow();
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
    const editor = await userWithToken(admin.app, 'USER', 'editor-password-2');
    await setSetting(admin.app.db, SETTING_KEYS.requireTwoFactor, '1');
    const { context, page, errors } = await newAdminPage(admin);
    try {
      await submitPassword(page, editor.user.email, editor.password);
      await page.waitForURL('**/admin/profile');
      await page.getByTestId('two-factor-required').waitFor();
      await page.goto('/admin/news');
      await page.waitForURL('**/admin/profile');
      await page.getByRole('button', { name: 'Подключить' }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await setSetting(admin.app.db, SETTING_KEYS.requireTwoFactor, '0');
      await context.close();
    }
  });
});
