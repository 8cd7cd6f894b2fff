import type { Kysely } from 'kysely';
import type { ContentServices } from '../../lib/content.js';
import type { Database } from '../db/schema.js';
import { createEnquiryFormService } from '../enquiries/form.js';
import type { FormTokens } from '../enquiries/formToken.js';
import type { PreviewTarget } from '../preview/links.js';
import { createSearchService } from '../search/service.js';
import { createMediaService } from './media.js';
import { createLayoutService } from './layout.js';
import { createMenuService } from './menu.js';
import { createNetworkService } from './network.js';
import { createNewsService } from './news.js';
import { createPhotobankService } from './photobank.js';
import { createPublicReads } from './publicReads.js';
import { createTextPagesService } from './textPages.js';
import type { ViewCounter } from './viewCounter.js';

/**
 * The content services. `tokens` sign the moment a feedback form is made. `previewed` names the record a preview
 * link opened: the services of that one render show it even as a draft or scheduled.
 */
export function createContentServices(db: Kysely<Database>, views: ViewCounter, tokens: FormTokens, previewed: PreviewTarget | null = null): ContentServices {
  const reads = createPublicReads(db, views, previewed);
  const menu = createMenuService(db);
  const network = createNetworkService(db);
  return {
    news: createNewsService(reads),
    media: createMediaService(db, reads),
    menu,
    network,
    layout: createLayoutService({ menu, network }),
    textPages: createTextPagesService(db),
    photobank: createPhotobankService(db),
    reads,
    search: createSearchService(db),
    enquiries: createEnquiryFormService(db, tokens),
  };
}
