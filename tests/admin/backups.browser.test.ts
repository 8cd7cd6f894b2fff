import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BACKUP_JOB } from '../../server/backup/scheduled.js';
import { logIn, MANAGER, newAdminPage, setUpChromiumAdmin } from './chromiumAdmin.js';

/** A MANAGER opens «Резервные копии» from the side menu in Debian's Chromium and downloads an archive with the password. */

const shelf = await mkdtemp(path.join(tmpdir(), 'admin-backups-'));
const admin = setUpChromiumAdmin({ BACKUP_SCHEDULE: 'daily@03:00', BACKUP_KEEP: '3', BACKUP_DIR: shelf });

afterAll(async () => rm(shelf, { recursive: true, force: true }));

describe('the backups screen in Chromium', () => {
  it('shows the schedule, the last success and the archives, and downloads one after the password', async () => {
    // The first backup is made at start (the site had none); one more a day later.
    await expect.poll(async () => (await admin.app.db.selectFrom('backup_runs').select('id').execute()).length, { timeout: 60_000 }).toBeGreaterThan(0);
    await admin.app.jobs.runIfDue(BACKUP_JOB, Date.now() + 24 * 60 * 60 * 1000);
    const runs = await admin.app.db.selectFrom('backup_runs').selectAll().orderBy('id', 'desc').execute();
    expect(runs).toHaveLength(2);
    const newest = runs[0]?.archive ?? '';

    const { page, errors, context } = await newAdminPage(admin, { acceptDownloads: true });
    await logIn(page);
    await page.getByRole('menuitem', { name: 'Резервные копии' }).click();
    await page.waitForURL('**/admin/backups');
    await page.getByText('Расписание: ежедневно в 03:00 UTC; хранится архивов: 3.').waitFor();
    await page.getByText(/Последняя ошибка: не было/).waitFor();
    const rows = page.locator('table[aria-label="Архивы"] tbody tr');
    await expect(rows.count()).resolves.toBe(2);
    await expect(rows.nth(0).innerText()).resolves.toContain(newest);

    await rows.nth(0).getByRole('button', { name: 'Скачать' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Пароль').fill('not-the-password');
    await dialog.getByRole('button', { name: 'Скачать' }).click();
    await dialog.getByText('Неверный пароль.').waitFor();
    await dialog.getByLabel('Пароль').fill(MANAGER.password);
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), dialog.getByRole('button', { name: 'Скачать' }).click()]);
    expect(download.suggestedFilename()).toBe(newest);
    const saved = await download.path();
    expect((await readFile(saved)).equals(await readFile(path.join(shelf, newest)))).toBe(true);
    const audit = await admin.app.db.selectFrom('audit_log').select(['action', 'record_id']).where('resource', '=', 'backups').execute();
    expect(audit).toEqual([{ action: 'download', record_id: newest }]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('makes a backup now: the button shows its progress, then the new archive, and the request is audited', async () => {
    const before = await admin.app.db.selectFrom('backup_runs').select('id').execute();
    const { page, errors, context } = await newAdminPage(admin);
    await logIn(page);
    await page.goto(`${admin.baseURL}/admin/backups`);
    const button = page.getByRole('button', { name: 'Создать копию сейчас' });
    const [answer] = await Promise.all([page.waitForResponse((response) => response.url().endsWith('/api/admin/backups/run')), button.click()]);
    expect(answer.status()).toBe(202);
    const { archive } = ((await answer.json()) as { data: { archive: string } }).data;
    // While it runs: its name and how far it got; then the outcome.
    await page.getByRole('status').getByText(`Создаётся копия ${archive}`, { exact: false }).waitFor();
    await page.getByText(`Копия ${archive} создана.`).waitFor();
    await expect(button.isEnabled()).resolves.toBe(true);
    await page.locator('table[aria-label="Архивы"] tbody tr', { hasText: archive }).waitFor();
    expect(await admin.app.db.selectFrom('backup_runs').select('id').execute()).toHaveLength(before.length + 1);
    const audit = await admin.app.db
      .selectFrom('audit_log')
      .select(['action', 'record_id'])
      .where('resource', '=', 'backups')
      .where('action', '=', 'create')
      .execute();
    expect(audit).toEqual([{ action: 'create', record_id: archive }]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
