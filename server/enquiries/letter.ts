import type { Kysely } from 'kysely';
import type { AppConfig } from '../config.js';
import type { Database } from '../db/schema.js';
import type { LetterComposer } from '../mail/mailer.js';

/** The letter to staff about a new enquiry: who wrote, how to answer, the topic and the message, and where to find it. */
export function enquiryLetter(db: Kysely<Database>, config: Pick<AppConfig, 'enquiriesMailTo' | 'publicUrl' | 'brand'>): LetterComposer {
  return async (id) => {
    const enquiry = await db
      .selectFrom('enquiries')
      .select(['id', 'name', 'email', 'phone', 'topic_title', 'message', 'created_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!enquiry) return null;
    const header = [
      `Имя: ${enquiry.name}`,
      enquiry.email && `Электронная почта: ${enquiry.email}`,
      enquiry.phone && `Телефон: ${enquiry.phone}`,
      enquiry.topic_title && `Тема: ${enquiry.topic_title}`,
      `Получено: ${new Date(enquiry.created_at).toLocaleString('ru-RU', { timeZone: 'Europe/Moscow' })} (МСК)`,
    ].filter(Boolean);
    return {
      to: config.enquiriesMailTo,
      subject: `${config.brand}: обращение №${enquiry.id}${enquiry.topic_title ? ` — ${enquiry.topic_title}` : ''}`,
      text: [header.join('\n'), enquiry.message, `В админке: ${config.publicUrl}/admin/enquiries/${enquiry.id}`].join('\n\n'),
      ...(enquiry.email ? { replyTo: enquiry.email } : {}),
    };
  };
}
