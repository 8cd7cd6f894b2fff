import { MENU_KINDS, type LayoutData, type MenuItem, type MenuLink } from '../../lib/types.js';
import type { Kysely } from 'kysely';
import type { ContentServices } from '../../lib/content.js';
import { lowVisionOffered } from '../auth/settings.js';
import type { Database } from '../db/schema.js';

/** A menu's items as links: what a visitor sees and follows, without the admin's columns (kind, parent, position). */
const linksOf = (items: MenuItem[]): MenuLink[] => items.map((item) => ({ id: item.id, title: item.title, url: item.url, children: linksOf(item.children) }));

/**
 * The layout of every page from the menus (each already cut to what it shows), the social links and whether the
 * version for the visually impaired is offered.
 */
export function createLayoutService(db: Kysely<Database>, content: Pick<ContentServices, 'menu' | 'network'>): ContentServices['layout'] {
  return async () => {
    const [menus, networks, lowVision] = await Promise.all([
      Promise.all(MENU_KINDS.map((kind) => content.menu.tree(kind))),
      content.network.collections(),
      lowVisionOffered(db),
    ]);
    const data: LayoutData = {
      menus: Object.fromEntries(MENU_KINDS.map((kind, index) => [kind, linksOf(menus[index] ?? [])])) as LayoutData['menus'],
      networks,
      // Absent while on (the default), so that the pages' serialised context stays as it was.
      ...(lowVision ? {} : { lowVision: false as const }),
    };
    return { data, json: JSON.stringify(data) };
  };
}
