import { describe, expect, it } from 'vitest';
import { ENQUIRY_RESULTS } from '../../lib/enquiry.js';
import { insertAudit } from '../../server/records/audit.js';
import { untilFormFilledLongEnough } from '../helpers/waits.js';
import { logIn, MANAGER, newAdminPage, setUpChromiumAdmin } from './chromiumAdmin.js';

/** A visitor sends the feedback form on /kontakty in Debian's Chromium, and staff find the enquiry in «Обращения». */

const admin = setUpChromiumAdmin();

describe('the feedback form and «Обращения» in Chromium', () => {
  it('shows Russian errors inline, sends the form, thanks the visitor, and lists the enquiry in the admin', async () => {
    const { page, errors } = await newAdminPage(admin);
    await page.goto('/kontakty');
    await page.waitForFunction(() => (window as Window & { __siteHydrated?: boolean }).__siteHydrated === true);
    const form = page.locator('form#obratnaya-svyaz');
    await form.getByLabel('Имя').fill('Мария Иванова');
    // The mask writes the phone as the admin's pattern inputs do.
    await form.getByLabel('Телефон').pressSequentially('9161234567');
    await expect.poll(() => form.getByLabel('Телефон').inputValue()).toBe('+7 (916) 123-45-67');
    await form.getByLabel('Тема').selectOption({ label: 'Сотрудничество' });
    await form.getByLabel('Сообщение').fill('Предлагаем сотрудничество.');
    // A person takes longer than the minimum fill time (the server counts it from the form's token); the consent box
    // starts unticked and is left so first.
    await untilFormFilledLongEnough(admin.app, form);
    expect(await form.getByRole('checkbox').isChecked()).toBe(false);
    await form.getByRole('button', { name: 'Отправить' }).click();
    await expect.poll(() => form.locator('#enquiry-consent-error').textContent()).toMatch(/согласия на обработку персональных данных/);

    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: 'Отправить' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe(ENQUIRY_RESULTS.sent);
    expect(errors).toEqual([]);

    const stored = await admin.app.db.selectFrom('enquiries').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ name: 'Мария Иванова', phone: '+79161234567', topic_title: 'Сотрудничество', status: 'new' });

    // The dashboard: the manager's kept form and last edit, the new enquiry (counted in the menu too).
    const manager = await admin.app.db.selectFrom('users').select('id').where('email', '=', MANAGER.email).executeTakeFirstOrThrow();
    const news = await admin.app.db.selectFrom('news').select(['id', 'title']).orderBy('id').executeTakeFirstOrThrow();
    await admin.app.db
      .insertInto('form_drafts')
      .values({
        user_id: manager.id,
        resource: 'news',
        record_key: 'new',
        form_values: JSON.stringify({ title: 'Начатая новость' }),
        version: null,
        saved_at: new Date().toISOString(),
      })
      .execute();
    await insertAudit(admin.app.db, {
      action: 'update',
      resource: 'news',
      recordId: news.id,
      actor: { id: manager.id, email: MANAGER.email },
      ip: '127.0.0.1',
    });
    await logIn(page);
    await page.getByTestId('my-drafts').getByRole('link', { name: 'Начатая новость' }).waitFor();
    await page
      .getByTestId('my-edits')
      .getByText(/ · Новость$/)
      .waitFor();
    expect(await page.getByTestId('my-edits').getByRole('link').first().textContent()).toBe(news.title);
    await page.getByTestId('new-enquiries-card').getByText('Новые обращения: 1').waitFor();
    await page.getByTestId('new-enquiries-card').getByRole('link', { name: '№1 Мария Иванова' }).waitFor();
    expect(await page.getByTestId('new-enquiries').textContent()).toBe(' (1)');
    await page.getByTestId('my-drafts').getByRole('link', { name: 'Начатая новость' }).click();
    await page.waitForURL('**/admin/news/create');
    await page.goto('/admin/enquiries');
    const row = page.locator('tr', { hasText: 'Мария Иванова' });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain('Новое');
    // The phone as people write it, not the stored digits: in the list and on the enquiry.
    expect(await row.textContent()).toContain('+7 916 123-45-67');
    await row.click();
    await page.getByText('+7 916 123-45-67').waitFor();
    expect(await page.getByText('+79161234567').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Создать' }).count()).toBe(0);
  });
});
