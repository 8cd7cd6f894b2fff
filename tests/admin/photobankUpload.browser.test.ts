import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { photobankCategoryPath } from '../../lib/site.js';
import { newSignedInPage, setUpChromiumAdmin } from './chromiumAdmin.js';

/** An editor fills a photobank category with photos in one drop, in Debian's Chromium against the built server. */

const admin = setUpChromiumAdmin();

/** Ten different JPEGs (one colour each, so ten different files) and one that only claims to be a picture. */
async function droppedPhotos(): Promise<{ name: string; type: string; base64: string }[]> {
  const photos = await Promise.all(
    Array.from({ length: 10 }, async (_, index) => ({
      name: `Цех ${index + 1}.jpg`,
      type: 'image/jpeg',
      base64: (
        await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 20 * index, g: 120, b: 255 - 20 * index } } })
          .jpeg()
          .toBuffer()
      ).toString('base64'),
    })),
  );
  return [...photos, { name: 'не фото.jpg', type: 'image/jpeg', base64: Buffer.from('<html>not a picture</html>').toString('base64') }];
}

describe('a photobank category in Chromium', () => {
  it('takes 10 photos in one drop: each with its progress, a refused file with its message, all 10 in the admin and on the site', async () => {
    const db = admin.app.db;
    const group = await db.selectFrom('photobank_groups').select('id').where('kind', '=', 'photo').orderBy('position').executeTakeFirstOrThrow();
    const last = await db
      .selectFrom('photobank_categories')
      .select((eb) => eb.fn.max('position').as('position'))
      .executeTakeFirst();
    const category = await db
      .insertInto('photobank_categories')
      .values({ group_id: group.id, title: 'Цеха завода', position: Number(last?.position ?? 0) + 1 })
      .returning('id')
      .executeTakeFirstOrThrow();

    const { context, page, errors } = await newSignedInPage(admin);
    await page.goto(`/admin/photobank-categories/${category.id}`);
    const zone = page.getByTestId('asset-drop-zone');
    await zone.waitFor();
    const files = await droppedPhotos();
    const transfer = await page.evaluateHandle((dropped) => {
      const data = new DataTransfer();
      for (const file of dropped) {
        const bytes = Uint8Array.from(atob(file.base64), (char) => char.charCodeAt(0));
        data.items.add(new File([bytes], file.name, { type: file.type }));
      }
      return data;
    }, files);
    await zone.dispatchEvent('drop', { dataTransfer: transfer });

    const queue = page.getByRole('list', { name: 'Загружаемые файлы' });
    for (let index = 1; index <= 10; index += 1) {
      await queue
        .getByRole('listitem', { name: `Цех ${index}.jpg` })
        .getByText('Загружено')
        .waitFor({ timeout: 60_000 });
    }
    const refused = queue.getByRole('listitem', { name: 'не фото.jpg' });
    await refused.getByText('Не загружено').waitFor();
    await refused.getByText('«не фото.jpg»: Содержимое файла не соответствует расширению .jpg.').waitFor();

    await page.getByRole('link', { name: 'Фотографии категории' }).click();
    await page.waitForURL('**/admin/photobank-photos?**');
    for (let index = 1; index <= 10; index += 1) await page.locator('td.column-title').getByText(`Цех ${index}`, { exact: true }).waitFor();
    expect(await page.locator('tbody tr').count()).toBe(10);
    expect(errors).toEqual([]);
    await context.close();

    const site = await (await fetch(`${admin.baseURL}${photobankCategoryPath(category.id)}`)).text();
    // The site sets titles with typography: a short word keeps to the next one with a no-break space.
    // Each photo's heading is one level below the page's.
    const titles = [...site.matchAll(/<h2 class="photo__title">([^<]*)<\/h2>/g)].map((match) => match[1]?.replace(/\u00a0/g, ' '));
    expect(titles.sort()).toEqual(Array.from({ length: 10 }, (_, index) => `Цех ${index + 1}`).sort());
  });
});
