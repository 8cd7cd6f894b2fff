import type { Db } from '../db/schema.js';

/** Keys of the `settings` table; each value is text. */
export const SETTING_KEYS = {
  /** '1' when every staff account must sign in with a second factor; absent or '0' otherwise. */
  requireTwoFactor: 'security.require_two_factor',
  /** JSON array of the names of the resources whose drafts a USER may not publish without a MANAGER's review. */
  reviewResources: 'review.resources',
  /** '0' when a MANAGER turned off the public pages' version for the visually impaired; on otherwise. */
  lowVision: 'site.low_vision',
  /** '1' when the primary save of a live record keeps the changes as its draft instead of publishing them; absent or '0' otherwise. */
  draftsFirst: 'drafts.first_for_live',
} as const;

export type SettingKey = (typeof SETTING_KEYS)[keyof typeof SETTING_KEYS];

export async function getSetting(db: Db, key: SettingKey): Promise<string | null> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value ?? null;
}

/** Inserts or replaces one setting (both dialects support `on conflict … do update`). */
export async function setSetting(db: Db, key: SettingKey, value: string): Promise<void> {
  const updatedAt = new Date().toISOString();
  await db
    .insertInto('settings')
    .values({ key, value, updated_at: updatedAt })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ value, updated_at: updatedAt }))
    .execute();
}

/** Whether a MANAGER requires two-factor sign-in of every staff account. Read on every check, so a change applies at once. */
export async function twoFactorRequired(db: Db): Promise<boolean> {
  return (await getSetting(db, SETTING_KEYS.requireTwoFactor)) === '1';
}

/** Whether the public pages offer the version for the visually impaired: on unless a MANAGER turned it off. */
export async function lowVisionOffered(db: Db): Promise<boolean> {
  return (await getSetting(db, SETTING_KEYS.lowVision)) !== '0';
}
