import type { FastifyRequest } from 'fastify';
import { RESOURCES, type ResourceDescriptor } from '../../lib/resources/index.js';
import { may, type Permissions } from '../../lib/resources/rights.js';
import { getSetting, setSetting, SETTING_KEYS } from '../auth/settings.js';
import type { Db } from '../db/schema.js';
import { HttpError } from '../http/errors.js';
import type { Row } from '../resources/hooks.js';

/** What the review refuses a USER, and what a draft's steps need, in the staff's words. */
export const REVIEW_MESSAGES = {
  publishByManager: 'Публикует менеджер после согласования. Отправьте черновик на согласование.',
  liveByManager:
    'Раздел на согласовании: изменить опубликованную запись этим действием может только менеджер. Сохраните черновик и отправьте его на согласование.',
  returnByManager: 'Вернуть черновик на доработку может только менеджер.',
  noDraft: 'У записи нет черновика.',
  filesInDraft: 'В черновик файлы не загружаются: загрузите файл в медиатеку и выберите его там.',
  notInReview: 'Черновик не на согласовании.',
  alreadyInReview: 'Черновик уже на согласовании.',
  draftChanged: 'Черновик изменился после того, как вы его открыли. Обновите страницу.',
} as const;

/** The resources that keep drafts, the only ones review may be asked for. */
export const DRAFT_RESOURCES: readonly ResourceDescriptor[] = (RESOURCES as readonly ResourceDescriptor[]).filter((resource) => resource.drafts);

/** The resources a MANAGER chose to review; names no longer keeping drafts are left out. */
export async function reviewedResources(db: Db): Promise<string[]> {
  const stored = await getSetting(db, SETTING_KEYS.reviewResources);
  if (!stored) return [];
  let names: unknown;
  try {
    names = JSON.parse(stored);
  } catch {
    return [];
  }
  return Array.isArray(names) ? DRAFT_RESOURCES.map((resource) => resource.name).filter((name) => names.includes(name)) : [];
}

export async function setReviewedResources(db: Db, names: readonly string[]): Promise<string[]> {
  const kept = DRAFT_RESOURCES.map((resource) => resource.name).filter((name) => names.includes(name));
  await setSetting(db, SETTING_KEYS.reviewResources, JSON.stringify(kept));
  return kept;
}

/**
 * Whether the site chose drafts first for live records: the edit form's primary save of a live record then keeps the
 * changes as its draft, and publishing them is a second, deliberate step. The server publishes a plain save as before;
 * the setting only decides which save the form offers first.
 */
export async function draftsFirst(db: Db): Promise<boolean> {
  return (await getSetting(db, SETTING_KEYS.draftsFirst)) === '1';
}

export async function setDraftsFirst(db: Db, on: boolean): Promise<boolean> {
  await setSetting(db, SETTING_KEYS.draftsFirst, on ? '1' : '0');
  return on;
}

/** Who the review rules look at: the signed-in account's role and its rights. */
interface Reviewed {
  role: string;
  permissions: Permissions;
}

/**
 * The resources whose changes by this user wait for someone who may publish them: a USER's where a MANAGER asked
 * for review; for a role a MANAGER added, those it may edit and not publish (always, review or not); none for a
 * MANAGER.
 */
export async function resourcesReviewedFor(db: Db, user: Reviewed | undefined): Promise<string[]> {
  if (!user || user.role === 'MANAGER') return [];
  if (user.role === 'USER') return reviewedResources(db);
  return DRAFT_RESOURCES.filter((resource) => may(user.permissions, resource.name, 'edit') && !may(user.permissions, resource.name, 'publish')).map(
    (resource) => resource.name,
  );
}

/**
 * Whether the user approves drafts of the resource (publishes them, returns them with a comment): whoever may publish
 * it, but for the built-in USER, whose drafts the specification's review leaves to a MANAGER.
 */
export const approves = (user: Reviewed | undefined, resource: string): boolean =>
  user !== undefined && user.role !== 'USER' && may(user.permissions, resource, 'publish');

/** Whether the signed-in user's changes of the resource wait for a MANAGER: a USER's, where review was asked for. */
export async function underReview(request: FastifyRequest, resource: ResourceDescriptor): Promise<boolean> {
  if (!resource.drafts) return false;
  return (await resourcesReviewedFor(request.server.db, request.user)).includes(resource.name);
}

/** Whether visitors may see the record: published, or of a resource without a published flag. */
export const isLive = (resource: ResourceDescriptor, row: Row): boolean => !('published' in resource.fields) || Number(row.published) === 1;

/** Refuses a USER's change of a live record under review made otherwise than through a draft (removal, verbs). */
export async function refuseLiveChange(request: FastifyRequest, resource: ResourceDescriptor, row: Row | undefined): Promise<void> {
  if (row && isLive(resource, row) && (await underReview(request, resource))) throw new HttpError(403, REVIEW_MESSAGES.liveByManager);
}

/**
 * The same refusal inside the write's transaction, its row locked, for a user known to be under review: it reads
 * nothing more (on SQLite the transaction holds the one connection).
 */
export function refuseLiveRow(resource: ResourceDescriptor, row: Row): void {
  if (isLive(resource, row)) throw new HttpError(403, REVIEW_MESSAGES.liveByManager);
}
