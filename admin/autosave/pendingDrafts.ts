import type { DraftTarget, KeptVersion } from './draftsApi.js';

/**
 * Kept versions the server could not take (offline, a 5xx), in this browser's localStorage until it can: one entry
 * per user, resource and record, so a shared computer never shows one user's text to another.
 */
const PREFIX = 'admin-form-draft:';

type Address = Pick<DraftTarget, 'userId' | 'resource' | 'recordKey'>;

const keyOf = ({ userId, resource, recordKey }: Address) => `${PREFIX}${userId}:${resource}:${recordKey}`;

function isKeptVersion(value: unknown): value is KeptVersion {
  if (typeof value !== 'object' || value === null) return false;
  const kept = value as Partial<KeptVersion>;
  return typeof kept.values === 'object' && kept.values !== null && typeof kept.saved_at === 'string';
}

function parse(text: string | null): KeptVersion | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return isKeptVersion(value) ? value : null;
  } catch {
    return null;
  }
}

export function readPending(address: Address): KeptVersion | null {
  return parse(window.localStorage.getItem(keyOf(address)));
}

/** Answers whether the browser took it (its storage may be full). */
export function savePending(address: Address, kept: KeptVersion): boolean {
  try {
    window.localStorage.setItem(keyOf(address), JSON.stringify(kept));
    return true;
  } catch {
    return false;
  }
}

export function removePending(address: Address): void {
  window.localStorage.removeItem(keyOf(address));
}

/** Every version this user's forms kept here, with the form each belongs to. */
export function allPending(userId: string): { resource: string; recordKey: string; kept: KeptVersion }[] {
  const own = `${PREFIX}${userId}:`;
  const found: { resource: string; recordKey: string; kept: KeptVersion }[] = [];
  for (let index = 0; index < window.localStorage.length; index += 1) {
    const key = window.localStorage.key(index);
    if (!key?.startsWith(own)) continue;
    const [resource, recordKey] = key.slice(own.length).split(':');
    const kept = parse(window.localStorage.getItem(key));
    if (resource && recordKey && kept) found.push({ resource, recordKey, kept });
  }
  return found;
}
