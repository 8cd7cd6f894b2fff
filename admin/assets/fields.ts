import { requiredText, text } from '@lib/resources/index.js';

/*
 * STUB until the registry declares `assets` and `asset-folders` (lib/resources, the media library's server side):
 * the limits of the fields the library's forms edit, as the API's contract states them. Once the descriptors are
 * in the registry, `rules('assets', …)` and `rules('asset-folders', …)` replace these and this file goes.
 */
export const ASSET_FIELDS = {
  name: requiredText(300),
  alt: text(300),
  caption: text(1000, { multiline: true }),
} as const;

export const FOLDER_FIELDS = {
  name: requiredText(200),
} as const;
