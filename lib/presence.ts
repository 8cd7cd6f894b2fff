/**
 * Who else has a record open in the admin. An open edit screen announces itself every `PRESENCE_HEARTBEAT_MS`;
 * an announcement older than `PRESENCE_EXPIRY_MS` no longer counts (the tab was closed or lost its network).
 * It only warns: nobody is ever locked out of a record.
 */
export const PRESENCE_HEARTBEAT_MS = 10_000;
export const PRESENCE_EXPIRY_MS = 30_000;

/**
 * One open edit screen (a browser tab) of a staff member: random, made by the screen when it opens, so that one
 * person's two tabs on the same record are two entries and closing one does not hide the other.
 */
export const PRESENCE_TAB_PATTERN = /^[\w-]{8,64}$/;

/** Another staff member who has the record open, and since when (ISO 8601 UTC). */
export interface PresenceEditor {
  user_id: number;
  /** The account's name, or its e-mail when it has none. */
  name: string;
  since: string;
}

/** A record of a list that others have open. */
export interface RecordPresence {
  id: number;
  editors: PresenceEditor[];
}

/** Records whose resource has edit screens (not the read-only logs and groups) are tracked. */
export const tracksPresence = (resource: { api: string } | undefined): boolean => resource !== undefined && resource.api !== 'read-only';
