import type { Kysely } from 'kysely';
import { foldLines } from '../../lib/ids.js';
import { resourceNamed } from '../../lib/resources/index.js';
import type { AppConfig } from '../config.js';
import { declared } from '../db/declared.js';
import type { Database } from '../db/schema.js';
import type { LetterComposer } from '../mail/mailer.js';

/** The outbox's name of the review's letters; each is about one step of a review (`review_events`). */
export const REVIEW_LETTER = 'review';

/** The record's name in a letter: its title where it has one. */
async function recordName(db: Kysely<Database>, resourceName: string, id: number): Promise<string> {
  const resource = resourceNamed(resourceName);
  if (!resource || !('title' in resource.fields)) return `№${id}`;
  const row = await declared(db).selectFrom(resource.table).select('title').where('id', '=', id).executeTakeFirst();
  return row ? `«${foldLines(String(row.title))}»` : `№${id}`;
}

/**
 * The letters of a review: to every active MANAGER when a draft is sent for review, and when a draft waiting for
 * review or for its scheduled moment was changed (which ended both); to its author when it is returned (with the
 * comment) or published. Composed when sent, from the step kept with the write.
 */
export function reviewLetter(db: Kysely<Database>, config: Pick<AppConfig, 'publicUrl' | 'brand'>): LetterComposer {
  return async (id) => {
    const step = await db.selectFrom('review_events').selectAll().where('id', '=', id).executeTakeFirst();
    if (!step) return null;
    const name = await recordName(db, step.resource, step.record_id);
    const link = `В админке: ${config.publicUrl}/admin/${step.resource}/${step.record_id}`;
    if (step.action === 'submit') {
      const managers = await db.selectFrom('users').select('email').where('role', '=', 'MANAGER').where('active', '=', 1).execute();
      return {
        to: managers.map((manager) => manager.email),
        subject: `${config.brand}: черновик ${name} ждёт согласования`,
        text: [`${foldLines(step.user_email)} отправил(а) черновик ${name} на согласование.`, link].join('\n\n'),
      };
    }
    if (step.action === 'withdraw') {
      const managers = await db.selectFrom('users').select('email').where('role', '=', 'MANAGER').where('active', '=', 1).execute();
      return {
        to: managers.map((manager) => manager.email),
        subject: `${config.brand}: черновик ${name} изменён, согласование отменено`,
        text: [
          `${foldLines(step.user_email)} изменил(а) черновик ${name}, который ждал согласования или публикации по расписанию.`,
          'Согласование и запланированная публикация отменены: черновик вернулся к автору и будет отправлен на согласование заново.',
          link,
        ].join('\n\n'),
      };
    }
    const author = step.author_id === null ? undefined : await db.selectFrom('users').select('email').where('id', '=', step.author_id).executeTakeFirst();
    if (!author) return { to: [], subject: '', text: '' };
    if (step.action === 'request-changes') {
      return {
        to: [author.email],
        subject: `${config.brand}: черновик ${name} возвращён на доработку`,
        text: [`${foldLines(step.user_email)} вернул(а) черновик ${name} на доработку.`, `Комментарий:\n${step.comment ?? ''}`, link].join('\n\n'),
      };
    }
    return {
      to: [author.email],
      subject: `${config.brand}: изменения ${name} опубликованы`,
      text: [`${foldLines(step.user_email)} опубликовал(а) изменения ${name}.`, link].join('\n\n'),
    };
  };
}
