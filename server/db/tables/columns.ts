import type { ColumnType, Generated } from 'kysely';

/** Timestamps are ISO 8601 UTC strings (`2026-01-31T09:00:00.000Z`) in both dialects, so they sort as text. */
export type Timestamp = string;
export type CreatedAt = ColumnType<Timestamp, Timestamp | undefined, never>;
/** 0 or 1 in both dialects; the API answers flags as numbers (a removed source shows `active` equal to 0). */
export type Flag = 0 | 1;

/** An editable record's table: every write bumps `version`, which the admin's `If-Match` names. */
export type Versioned<Table> = Table & { version: Generated<number> };
