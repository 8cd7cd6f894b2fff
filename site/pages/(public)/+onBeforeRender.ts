import type { PageContextServer } from 'vike/types';
import type { LayoutData } from '../../layoutData.js';

/** Menus and social links for the layout of every page, read in-process from the content services. */
export async function onBeforeRender(pageContext: PageContextServer): Promise<{ pageContext: { layout: LayoutData } }> {
  const [main, header, footer, payment, networks] = await Promise.all([
    pageContext.content.menu.tree('main'),
    pageContext.content.menu.tree('header'),
    pageContext.content.menu.tree('footer'),
    pageContext.content.menu.tree('payment'),
    pageContext.content.network.collections(),
  ]);
  return { pageContext: { layout: { menus: { main, header, footer, payment }, networks } } };
}
