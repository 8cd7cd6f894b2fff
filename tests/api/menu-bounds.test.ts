import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuItem } from '../../lib/types.js';
import { MENU_BOUNDS } from '../../server/content/menu.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDialects } from '../helpers/databases.js';
import { ensureSiteBuilt } from '../site/server.js';

const MAIN = MENU_BOUNDS.main;
const FOOTER = MENU_BOUNDS.footer;

/** Menus are sized by what they show, however many items the table holds: every page carries them. */
describe.each(await testDialects())('menu bounds on %s', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    ensureSiteBuilt();
    t = await createTestApp(dialect);
    const add = async (kind: MenuItem['kind'], title: string, position: number, parentId: number | null = null) =>
      (await t.app.db.insertInto('menu_items').values({ kind, title, url: '/news', position, parent_id: parentId }).returning('id').executeTakeFirstOrThrow())
        .id;
    const roots: number[] = [];
    for (let n = 1; n <= MAIN.items + 5; n++) roots.push(await add('main', `Раздел [${n}]`, n));
    for (let n = 1; n <= MAIN.children + 5; n++) {
      const child = await add('main', `Подраздел [${n}]`, n, roots[0]);
      await add('main', `Вложенный [${n}]`, 1, child);
    }
    const footer: number[] = [];
    for (let n = 1; n <= FOOTER.items + 5; n++) footer.push(await add('footer', `Подвал [${n}]`, n));
    await add('footer', 'Подвал вложенный', 1, footer[0]);
  }, 240_000);
  afterAll(() => t?.close());

  it('answers each menu with its first items, the main menu with one level of children, flat menus without', async () => {
    const main = (await t.app.inject('/api/menu/main')).json().data as MenuItem[];
    expect(main.map((item) => item.title)).toEqual(Array.from({ length: MAIN.items }, (_, n) => `Раздел [${n + 1}]`));
    expect(main[0]?.children.map((child) => child.title)).toEqual(Array.from({ length: MAIN.children }, (_, n) => `Подраздел [${n + 1}]`));
    expect(main[0]?.children.every((child) => child.children.length === 0)).toBe(true);
    const footer = (await t.app.inject('/api/menu/footer')).json().data as MenuItem[];
    expect(footer).toHaveLength(FOOTER.items);
    expect(footer[0]?.children).toEqual([]);
    const all = (await t.app.inject('/api/menu')).json().data as MenuItem[];
    expect(all.filter((item) => item.kind === 'main')).toEqual(main);
  });

  it('pages carry no item past a bound', async () => {
    const html = (await t.app.inject('/news')).body;
    expect(html).toContain(`Раздел [${MAIN.items}]`);
    expect(html).not.toContain(`Раздел [${MAIN.items + 1}]`);
    expect(html).toContain(`Подраздел [${MAIN.children}]`);
    expect(html).not.toContain(`Подраздел [${MAIN.children + 1}]`);
    expect(html).not.toContain('Вложенный [');
    expect(html).not.toContain(`Подвал [${FOOTER.items + 1}]`);
    expect(html).not.toContain('Подвал вложенный');
  });
});
