import type { Generated } from 'kysely';
import type { Timestamp } from './columns.js';

/** A visitor's enquiry from the feedback form, with the proof of the consent it was sent with. */
export interface EnquiriesTable {
  id: Generated<number>;
  /** `new`, `in_progress` or `closed`; staff change it. */
  status: string;
  /** Staff's note; '' while none. */
  note: string;
  /** The topic picked, and its title then (kept when the topic is renamed or removed). */
  topic_id: number | null;
  topic_title: string;
  name: string;
  /** Lower-cased; '' when only a phone was given. */
  email: string;
  /** E.164 (`+79161234567`); '' when only an e-mail was given. */
  phone: string;
  message: string;
  /** The exact consent text agreed to (`consent_texts`), when, and from which address and browser. */
  consent_text_id: number;
  consent_at: Timestamp;
  ip: string;
  user_agent: string;
  created_at: Timestamp;
  /** The day of `created_at` (`2026-11-26`, UTC), which the admin's list filters on. */
  created_on: string;
  updated_at: Timestamp;
}

/**
 * Every version of the consent text visitors agreed to, kept as it was shown (title and HTML) with its SHA-256:
 * the proof of what a person consented to outlives the page's history.
 */
export interface ConsentTextsTable {
  id: Generated<number>;
  /** The text page and its version. */
  page_id: number;
  page_version: number;
  title: string;
  content: string;
  sha256: string;
  created_at: Timestamp;
  /** The language of the text as the visitor read it (`ru`, `en`). */
  locale: Generated<string>;
}
