import type { PageContextServer } from 'vike/types';
import { textPageData, type TextPageData } from '../../../../textPageData.js';

export async function data(pageContext: PageContextServer): Promise<TextPageData> {
  return textPageData(pageContext, 'investoram');
}
