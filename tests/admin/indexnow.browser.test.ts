import { describe, expect, it } from 'vitest';
import { enqueue } from '../../server/outbox/outbox.js';
import { INDEXNOW_KIND } from '../../server/indexnow/notify.js';
import { logIn, newAdminPage, setUpChromiumAdmin } from './chromiumAdmin.js';

/** A MANAGER reads the IndexNow log from the side menu, in Debian's Chromium: the addresses, their state and answers. */

const admin = setUpChromiumAdmin();

describe('the IndexNow log in Chromium', () => {
  it('lists the notices newest first with the engine’s answer or the last error', async () => {
    const db = admin.app.db;
    await enqueue(db, INDEXNOW_KIND, { urls: ['https://www.example.test/news/prinyato'] }, new Date(Date.now() - 60_000));
    await db.updateTable('outbox').set({ sent_at: new Date().toISOString(), answer: '202', attempts: 1 }).where('kind', '=', INDEXNOW_KIND).execute();
    await enqueue(db, INDEXNOW_KIND, { urls: ['https://www.example.test/news/staryi', 'https://www.example.test/news/novyi'] });
    await db.updateTable('outbox').set({ attempts: 2, last_error: '503 Service Unavailable' }).where('sent_at', 'is', null).execute();

    const { page, errors, context } = await newAdminPage(admin);
    await logIn(page);
    await page.getByRole('menuitem', { name: 'IndexNow' }).click();
    await page.waitForURL('**/admin/indexnow');
    const rows = page.locator('tbody tr');
    await rows.nth(1).waitFor();
    await expect(rows.nth(0).innerText()).resolves.toMatch(/news\/staryi[\s\S]*news\/novyi[\s\S]*Ждёт попытки[^2]*2[\s\S]*503 Service Unavailable/);
    await expect(rows.nth(1).innerText()).resolves.toMatch(/news\/prinyato[\s\S]*Принято[^1]*1[\s\S]*202/);
    expect(errors).toEqual([]);
    await context.close();
  });
});
