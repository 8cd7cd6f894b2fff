import type { Kysely } from 'kysely';
import { isPlainEmail } from '../../lib/email.js';
import { foldLines } from '../../lib/ids.js';
import type { AppConfig } from '../config.js';
import type { Database } from '../db/schema.js';
import type { LetterComposer } from '../mail/mailer.js';

/**
 * The letter to staff about a new enquiry: who wrote, how to answer, the topic and the message, and where to find it.
 * Each «field: value» line holds its value on that line whatever was stored (a value cannot add lines that look like
 * fields), and only one plain address becomes the Reply-To.
 */
export function enquiryLetter(db: Kysely<Database>, config: Pick<AppConfig, 'enquiriesMailTo' | 'publicUrl' | 'brand'>): LetterComposer {
  return async (id) => {
    const enquiry = await db
      .selectFrom('enquiries')
      .select(['id', 'name', 'email', 'phone', 'topic_title', 'message', 'created_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!enquiry) return null;
    const topic = foldLines(enquiry.topic_title);
    const replyTo = isPlainEmail(enquiry.email) ? enquiry.email : null;
    const header = [
      `Имя: ${foldLines(enquiry.name)}`,
      enquiry.email && `Электронная почта: ${foldLines(enquiry.email)}`,
      enquiry.phone && `Телефон: ${foldLines(enquiry.phone)}`,
      topic && `Тема: ${topic}`,
      `Получено: ${new Date(enquiry.created_at).toLocaleString('ru-RU', { timeZone: 'Europe/Moscow' })} (МСК)`,
    ].filter(Boolean);
    return {
      to: config.enquiriesMailTo,
      subject: `${config.brand}: обращение №${enquiry.id}${topic ? ` — ${topic}` : ''}`,
      text: [header.join('\n'), enquiry.message, `В админке: ${config.publicUrl}/admin/enquiries/${enquiry.id}`].join('\n\n'),
      ...(replyTo ? { replyTo } : {}),
    };
  };
}
