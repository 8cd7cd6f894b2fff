import type { PageContextServer } from 'vike/types';
import { textPageData, type TextPageData } from '../../../textPageData.js';

/** Any text page outside a section: `/{identifier}`; anything else at one level is the 404 page (so is `/404`). */
export async function data(pageContext: PageContextServer): Promise<TextPageData> {
  return textPageData(pageContext, null);
}
