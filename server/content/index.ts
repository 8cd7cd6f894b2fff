import type { Kysely } from 'kysely';
import type { ContentServices } from '../../lib/content.js';
import type { ResourceDescriptor } from '../../lib/resources/index.js';
import type { DeclaredIndex } from '../db/declaredIndexes.js';
import type { Database } from '../db/schema.js';
import { createEnquiryFormService } from '../enquiries/form.js';
import type { FormTokens } from '../enquiries/formToken.js';
import type { PreviewTarget } from '../preview/links.js';
import { createSearchService } from '../search/service.js';
import { createLayoutService } from './layout.js';
import { publicListIndexes } from './listIndexes.js';
import { createMediaService, MEDIA_INDEXES } from './media.js';
import { createMenuService } from './menu.js';
import { createNetworkService } from './network.js';
import { createNewsService } from './news.js';
import type { KeepPerGeneration } from './paging.js';
import { createPhotobankService, PHOTOBANK_INDEXES } from './photobank.js';
import { createPublicReads } from './publicReads.js';
import { createTextPagesService } from './textPages.js';
import type { ViewRecorder } from './viewCounter.js';
import { DEFAULT_LOCALE, type Locale } from '../../lib/locales.js';

/** The indexes visitors' reads go through: the declared lists' and those of the media section and the photobank. */
export const publicReadIndexes = (resources: readonly ResourceDescriptor[]): DeclaredIndex[] => [
  ...publicListIndexes(resources),
  ...MEDIA_INDEXES,
  ...PHOTOBANK_INDEXES,
];

/**
 * The content services. `tokens` sign the moment a feedback form is made. `keep` holds what lists read once per
 * generation (their order). `previewed` names the record a preview link opened: the services of that one render show
 * it even as a draft or scheduled. `locale`: the language visitors read, in which the declared lists and pages show
 * only the records translated into it.
 */
export function createContentServices(
  db: Kysely<Database>,
  views: ViewRecorder,
  tokens: FormTokens,
  keep: KeepPerGeneration,
  previewed: PreviewTarget | null = null,
  locale: Locale = DEFAULT_LOCALE,
): ContentServices {
  const reads = createPublicReads(db, views, keep, previewed, locale);
  const menu = createMenuService(db, locale);
  const network = createNetworkService(db);
  return {
    news: createNewsService(reads),
    media: createMediaService(db, reads, keep, locale),
    menu,
    network,
    layout: createLayoutService(db, { menu, network }),
    textPages: createTextPagesService(db, locale),
    photobank: createPhotobankService(db, keep, locale),
    reads,
    search: createSearchService(db, locale),
    enquiries: createEnquiryFormService(db, tokens, locale),
  };
}
