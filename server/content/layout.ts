import { MENU_KINDS, type LayoutData, type MenuItem, type MenuLink } from '../../lib/types.js';
import type { ContentServices } from '../../lib/content.js';

/** A menu's items as links: what a visitor sees and follows, without the admin's columns (kind, parent, position). */
const linksOf = (items: MenuItem[]): MenuLink[] => items.map((item) => ({ id: item.id, title: item.title, url: item.url, children: linksOf(item.children) }));

/** The layout of every page from the menus (each already cut to what it shows) and the social links. */
export function createLayoutService(content: Pick<ContentServices, 'menu' | 'network'>): ContentServices['layout'] {
  return async () => {
    const [menus, networks] = await Promise.all([Promise.all(MENU_KINDS.map((kind) => content.menu.tree(kind))), content.network.collections()]);
    const data: LayoutData = {
      menus: Object.fromEntries(MENU_KINDS.map((kind, index) => [kind, linksOf(menus[index] ?? [])])) as LayoutData['menus'],
      networks,
    };
    return { data, json: JSON.stringify(data) };
  };
}
