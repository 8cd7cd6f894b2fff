import { describe, expect, it } from 'vitest';
import { userWithToken } from '../helpers/auth.js';
import { logIn, newAdminPage, setUpChromiumAdmin } from './chromiumAdmin.js';

/**
 * The profile in Debian's Chromium: a staff member changes their display name without the current password; the
 * field for it appears only once the e-mail or the password is being changed, which still need it.
 */

const admin = setUpChromiumAdmin();

describe('the profile in Chromium', () => {
  it('saves a new display name without asking for the current password, and asks for it for a new e-mail', async () => {
    const user = await userWithToken(admin.app, 'USER', 'profile-password-1');
    const { page, errors } = await newAdminPage(admin);
    await logIn(page, user.user.email, user.password);
    await page.goto('/admin/profile');
    const name = page.getByRole('textbox', { name: 'Имя' });
    await name.waitFor();
    expect(await page.getByLabel('Текущий пароль').count()).toBe(0);
    await name.fill('Ольга Редактор');
    const [saved] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith('/api/admin/account') && response.request().method() === 'PUT'),
      page.getByRole('button', { name: 'Сохранить' }).click(),
    ]);
    expect(saved.status()).toBe(200);
    await expect
      .poll(async () => (await admin.app.db.selectFrom('users').select('name').where('id', '=', user.user.id).executeTakeFirstOrThrow()).name)
      .toBe('Ольга Редактор');

    await page.getByRole('textbox', { name: 'Электронная почта' }).fill(`new-${user.user.id}@example.com`);
    await page.getByLabel('Текущий пароль').waitFor();
    expect(errors).toEqual([]);
  });
});
