import type { PageContextServer } from 'vike/types';
import type { LayoutData } from '@lib/types.js';

/**
 * Menus and social links for the layout of every page, read in-process from the content services once per cache
 * generation: the server renders from the object, the client gets the JSON made with it (`useLayout`).
 */
export async function onBeforeRender(pageContext: PageContextServer): Promise<{ pageContext: { layout: LayoutData; layoutJson: string } }> {
  const layout = await pageContext.content.layout();
  return { pageContext: { layout: layout.data, layoutJson: layout.json } };
}
