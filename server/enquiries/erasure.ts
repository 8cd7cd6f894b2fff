import type { FastifyRequest } from 'fastify';
import { recordAudit } from '../records/audit.js';
import { parseForm } from '../http/validation.js';
import { forgetKeptForms } from './store.js';
import { contactsBody } from './submission.js';

/**
 * Erases a person's enquiries on their request (a MANAGER): every enquiry with the e-mail or the phone, with its
 * consent proof. The audit entry says who did it, when and how many went (as its record id), never whose: the erased
 * data must not live on in the log. Letters still waiting in the outbox find nothing to send; unsaved edit forms
 * kept for recovery go too.
 */
export async function erasePerson(request: FastifyRequest): Promise<number> {
  const { email, phone } = parseForm(contactsBody, request.body);
  return request.server.db.transaction().execute(async (trx) => {
    const rows = await trx
      .deleteFrom('enquiries')
      .where((eb) => eb.or([...(email ? [eb('email', '=', email)] : []), ...(phone ? [eb('phone', '=', phone)] : [])]))
      .returning('id')
      .execute();
    const erased = rows.length;
    await forgetKeptForms(
      trx,
      rows.map((row) => row.id),
    );
    await recordAudit(request, { action: 'erase-personal-data', resource: 'enquiries', recordId: erased }, trx);
    return erased;
  });
}
