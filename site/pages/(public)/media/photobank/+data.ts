import type { PageContextServer } from 'vike/types';
import type { LogoItem, Photo, PhotobankGroup } from '@lib/types.js';
import { assertPageExists, currentPage } from '../../../../guards.js';
import { mediaMeta } from '../../../../mediaMeta.js';
import type { WithMeta } from '../../../../meta.js';

export interface PhotobankData extends WithMeta {
  logos: PhotobankGroup<LogoItem>[];
  photos: PhotobankGroup<Photo>[];
}

/**
 * The photobank's page: logo groups (logos and colours) and photo groups, their categories in order, each with its
 * first page of items; a category's own page goes on from there.
 */
export async function data(pageContext: PageContextServer): Promise<PhotobankData> {
  const page = currentPage(pageContext);
  assertPageExists(page, 1);
  const [logos, photos] = await Promise.all([pageContext.content.photobank.logos(), pageContext.content.photobank.photos()]);
  return { logos, photos, meta: mediaMeta('photobank', page) };
}
