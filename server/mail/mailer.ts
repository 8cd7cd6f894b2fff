import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/schema.js';
import { enqueue } from '../outbox/outbox.js';

/** The outbox's kind of outgoing mail. */
export const MAIL_KIND = 'mail';

/** A letter ready to send. */
export interface Letter {
  to: string[];
  subject: string;
  text: string;
  replyTo?: string;
}

/**
 * Writes a letter about one record when it is delivered, or answers null when there is nothing to send any more
 * (the record was erased meanwhile).
 */
export type LetterComposer = (id: number) => Promise<Letter | null>;

/**
 * What the outbox keeps of a letter: which letter, about which record. The text is composed when it is sent, so
 * the outbox holds no personal data, and a person's data erased before the letter went leaves nothing behind.
 */
const kept = z.object({ letter: z.string(), id: z.number().int() });

/** Keeps a letter in the outbox inside the write's transaction. */
export const enqueueLetter = (trx: Db, letter: string, id: number): Promise<void> => enqueue(trx, MAIL_KIND, { letter, id } satisfies z.infer<typeof kept>);

/** How long a letter may wait for the SMTP server before the attempt counts as failed and is retried later. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * Delivers the outbox's letters through the SMTP server of `SMTP_URL`. Without one this process delivers none: the
 * letters wait for a process that has it.
 */
export function installMail(app: FastifyInstance, letters: Readonly<Record<string, LetterComposer>>): void {
  const settings = app.config.mail;
  if (!settings) return;
  // Loaded only where the site sends mail.
  const transporting = import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport({ url: settings.smtpUrl, ...SMTP_TIMEOUTS }));
  app.addHook('onClose', async () => (await transporting).close());
  app.outbox.handle(MAIL_KIND, async (payload) => {
    const { letter, id } = kept.parse(payload);
    const compose = letters[letter];
    if (!compose) throw new Error(`No letter named ${letter}`);
    const message = await compose(id);
    if (!message) return 'nothing to send: the record is gone';
    if (message.to.length === 0) return 'nothing to send: no recipients';
    const info = await (await transporting).sendMail({ from: settings.from, ...message });
    return info.response;
  });
}
