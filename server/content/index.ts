import type { Kysely } from 'kysely';
import type { ContentServices } from '../../lib/content.js';
import type { Database } from '../db/schema.js';
import { createSearchService } from '../search/service.js';
import { createMediaService } from './media.js';
import { createMenuService } from './menu.js';
import { createNetworkService } from './network.js';
import { createNewsService } from './news.js';
import { createPhotobankService } from './photobank.js';
import { createPublicListsService } from './publicLists.js';
import { createTextPagesService } from './textPages.js';
import type { ViewCounter } from './viewCounter.js';

export function createContentServices(db: Kysely<Database>, views: ViewCounter): ContentServices {
  return {
    news: createNewsService(db, views),
    media: createMediaService(db, views),
    menu: createMenuService(db),
    network: createNetworkService(db),
    textPages: createTextPagesService(db),
    photobank: createPhotobankService(db),
    publicLists: createPublicListsService(db),
    search: createSearchService(db),
  };
}
