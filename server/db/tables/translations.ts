import type { Generated, Selectable } from 'kysely';

/** A record's version in another language than Russian (server/translations/). */
export interface TranslationsTable {
  id: Generated<number>;
  resource: string;
  record_id: number;
  locale: string;
  /** The localized fields' values in that language, as a JSON object by field name. */
  field_values: string;
  /** The record's address part in that language, when it has its own; null: the Russian one. */
  slug: string | null;
  /** 1 when the required localized fields are filled, so that visitors may read this version. */
  translated: Generated<number>;
  updated_at: string;
}

export type TranslationRow = Selectable<TranslationsTable>;
