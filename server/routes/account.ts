import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { recordAudit } from '../records/audit.js';
import { emptyToUndefined, flag } from '../records/validate.js';
import { idFromText } from '../../lib/ids.js';
import { emailSchema, nameSchema, passwordSchema, toUserRecord, updateUser, USER_COLUMNS, type UserRecord } from '../auth/accounts.js';
import { requireAccess } from '../auth/guard.js';
import { checkWithinLimit, LOGIN_FAILED_ACTION, type AttemptSource } from '../auth/loginAttempts.js';
import { confirmPassword, currentPassword } from '../auth/passwordConfirmation.js';
import { renewSession, useCookies } from '../auth/sessionCookies.js';
import { SETTING_KEYS, setSetting, twoFactorRequired } from '../auth/settings.js';
import {
  completeEnrolment,
  otpauthUrl,
  qrCodeDataUrl,
  recoveryCodesLeft,
  removeTwoFactor,
  replaceRecoveryCodes,
  startEnrolment,
  TWO_FACTOR_MESSAGES,
} from '../auth/twoFactor.js';
import type { UserRow } from '../db/schema.js';
import { HttpError, notFound } from '../http/errors.js';
import { formError, parseForm } from '../http/validation.js';
import { RATE_LIMITED_MESSAGE } from './auth.js';
import { ACCOUNT_DOCS } from './openapi/sessions.js';

/** The signed-in account as the profile screen reads it. */
export interface AccountRecord extends UserRecord {
  /** 1 while a MANAGER requires two-factor sign-in of all staff. */
  two_factor_required: 0 | 1;
  /** Recovery codes not used yet (0 without two-factor sign-in). */
  recovery_codes_left: number;
}

export const ACCOUNT_MESSAGES = {
  selfReset: 'Свою двухфакторную аутентификацию отключите в профиле.',
  enrolFirst: 'Сначала подключите двухфакторную аутентификацию для своей учётной записи.',
} as const;

/** Audit actions of the profile (resource `account`, the record is the account itself) and of a MANAGER's reset. */
export const ACCOUNT_AUDIT = {
  update: 'update',
  enable: '2fa-enable',
  disable: '2fa-disable',
  recoveryCodes: '2fa-recovery-codes',
  reset: 'reset-2fa',
} as const;

const profileBody = z.object({
  name: nameSchema.optional(),
  email: emailSchema.optional(),
  password: z.preprocess(emptyToUndefined, passwordSchema.optional()),
  current_password: z.preprocess(emptyToUndefined, currentPassword.optional()),
});

/** Only a new e-mail or password needs the current password; a display name alone does not. */
const CURRENT_PASSWORD_NEEDED = 'Введите текущий пароль: он нужен, чтобы сменить электронную почту или пароль.';

const passwordBody = z.object({ password: currentPassword });
const codeBody = z.object({ code: z.string({ error: 'Введите код из приложения.' }).trim().min(1, { error: 'Введите код из приложения.' }).max(64) });
const securityBody = z.object({ require_two_factor: flag });

function userId(value: string): number {
  const id = idFromText(value);
  if (id === null) throw notFound();
  return id;
}

/**
 * The profile of the signed-in account (`/api/admin/account…`: name, e-mail, password, two-factor sign-in), a
 * MANAGER's reset of another account's second factor, and the security settings (docs/admin-api.md). The
 * profile routes stay open to an account that a MANAGER's requirement sends to enrolment.
 */
export async function accountRoutes(app: FastifyInstance): Promise<void> {
  await useCookies(app);
  const db = app.db;

  async function accountRow(request: FastifyRequest): Promise<UserRow> {
    const row = await db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', request.user?.id ?? 0)
      .executeTakeFirst();
    if (!row) throw notFound();
    return row;
  }

  async function accountRecord(row: UserRow): Promise<AccountRecord> {
    return {
      ...toUserRecord(row),
      two_factor_required: (await twoFactorRequired(db)) ? 1 : 0,
      recovery_codes_left: row.two_factor === 1 ? await recoveryCodesLeft(db, row.id) : 0,
    };
  }

  const attemptOf = (request: FastifyRequest, row: UserRow): AttemptSource => ({ email: row.email, ip: request.ip ?? '' });
  const rateLimited = () => new HttpError(429, RATE_LIMITED_MESSAGE);

  /**
   * Enrols the account when the code matches its waiting secret, within the same limit: a wrong code is a failed
   * attempt. A right one proves only that the session holds the secret it was just given, not who is asking, so it
   * leaves the count as it was. Answers the recovery codes.
   */
  async function enrolWithCode(request: FastifyRequest, row: UserRow, pendingSecret: string, code: string): Promise<string[]> {
    const checked = await checkWithinLimit(db, attemptOf(request, row), async () => {
      const recoveryCodes = await completeEnrolment(db, row.id, pendingSecret, code);
      return { outcome: recoveryCodes ? 'released' : { action: LOGIN_FAILED_ACTION, userId: row.id }, answer: recoveryCodes };
    });
    if (checked === null) throw rateLimited();
    if (!checked.answer) throw new HttpError(400, TWO_FACTOR_MESSAGES.invalidCode, { code: [TWO_FACTOR_MESSAGES.invalidCode] });
    return checked.answer;
  }

  const renew = (reply: FastifyReply, id: number) => renewSession(reply, db, app.config, id);

  await app.register(async (staff) => {
    staff.addHook('preHandler', requireAccess('staff'));

    staff.get('/api/admin/account', { schema: ACCOUNT_DOCS.read }, async (request) => ({ data: await accountRecord(await accountRow(request)) }));

    staff.put('/api/admin/account', { schema: { ...ACCOUNT_DOCS.update, documentedBody: profileBody } }, async (request, reply) => {
      const { current_password: current, ...changes } = parseForm(profileBody, request.body);
      const row = await accountRow(request);
      const needed = changes.password !== undefined || (changes.email !== undefined && changes.email !== row.email);
      if (needed && current === undefined) throw formError({ current_password: [CURRENT_PASSWORD_NEEDED] });
      // A password sent is checked even where not needed: a wrong one is never accepted, and counts as a failure.
      if (current !== undefined) await confirmPassword(db, request, row, current, 'current_password');
      const result = await updateUser(db, row.id, changes);
      if (!result) throw notFound();
      // A new password ends every session of the account; this one continues with fresh cookies.
      if (result.revoked) await renew(reply, row.id);
      await recordAudit(request, { action: ACCOUNT_AUDIT.update, resource: 'account', recordId: row.id });
      return { data: await accountRecord(await accountRow(request)) };
    });

    staff.post('/api/admin/account/2fa/setup', { schema: ACCOUNT_DOCS.setup }, async (request) => {
      const row = await accountRow(request);
      if (row.two_factor === 1) throw new HttpError(409, TWO_FACTOR_MESSAGES.alreadyEnabled);
      const secret = await startEnrolment(db, row.id);
      const url = otpauthUrl(app.config.brand, row.email, secret);
      return { data: { secret, otpauthUrl: url, qrCode: await qrCodeDataUrl(url) } };
    });

    staff.post('/api/admin/account/2fa/enable', { schema: { ...ACCOUNT_DOCS.enable, documentedBody: codeBody } }, async (request, reply) => {
      const { code } = parseForm(codeBody, request.body);
      const row = await accountRow(request);
      if (row.two_factor === 1) throw new HttpError(409, TWO_FACTOR_MESSAGES.alreadyEnabled);
      if (!row.totp_pending_secret) throw new HttpError(409, TWO_FACTOR_MESSAGES.noPendingSetup);
      const recoveryCodes = await enrolWithCode(request, row, row.totp_pending_secret, code);
      // Enrolment ended every session of the account; this one continues with fresh cookies.
      await renew(reply, row.id);
      await recordAudit(request, { action: ACCOUNT_AUDIT.enable, resource: 'account', recordId: row.id });
      return { data: { recoveryCodes } };
    });

    staff.post('/api/admin/account/2fa/disable', { schema: { ...ACCOUNT_DOCS.disable, documentedBody: passwordBody } }, async (request, reply) => {
      const { password } = parseForm(passwordBody, request.body);
      const row = await accountRow(request);
      if (row.two_factor !== 1) throw new HttpError(409, TWO_FACTOR_MESSAGES.notEnabled);
      await confirmPassword(db, request, row, password, 'password');
      await removeTwoFactor(db, row.id);
      await renew(reply, row.id);
      await recordAudit(request, { action: ACCOUNT_AUDIT.disable, resource: 'account', recordId: row.id });
      return { data: await accountRecord(await accountRow(request)) };
    });

    staff.post('/api/admin/account/2fa/recovery-codes', { schema: { ...ACCOUNT_DOCS.recoveryCodes, documentedBody: passwordBody } }, async (request) => {
      const { password } = parseForm(passwordBody, request.body);
      const row = await accountRow(request);
      if (row.two_factor !== 1) throw new HttpError(409, TWO_FACTOR_MESSAGES.notEnabled);
      await confirmPassword(db, request, row, password, 'password');
      const recoveryCodes = await db.transaction().execute((trx) => replaceRecoveryCodes(trx, row.id));
      await recordAudit(request, { action: ACCOUNT_AUDIT.recoveryCodes, resource: 'account', recordId: row.id });
      return { data: { recoveryCodes } };
    });
  });

  await app.register(async (managers) => {
    managers.addHook('preHandler', requireAccess({ resource: 'users' }));

    // For a colleague who lost their phone: the account signs in with its password again and may enrol anew.
    managers.post<{ Params: { id: string } }>('/api/admin/users/:id/reset-2fa', { schema: ACCOUNT_DOCS.reset }, async (request) => {
      const id = userId(request.params.id);
      if (id === request.user?.id) throw new HttpError(409, ACCOUNT_MESSAGES.selfReset);
      const row = await db.selectFrom('users').select(['id', 'two_factor']).where('id', '=', id).executeTakeFirst();
      if (!row) throw notFound();
      if (row.two_factor !== 1) throw new HttpError(409, TWO_FACTOR_MESSAGES.notEnabled);
      await removeTwoFactor(db, id);
      await recordAudit(request, { action: ACCOUNT_AUDIT.reset, resource: 'users', recordId: id });
      const updated = await db.selectFrom('users').select(USER_COLUMNS).where('id', '=', id).executeTakeFirstOrThrow();
      return { data: toUserRecord(updated) };
    });
  });

  await app.register(async (managers) => {
    managers.addHook('preHandler', requireAccess({ resource: 'settings' }));

    managers.get('/api/admin/settings/security', { schema: ACCOUNT_DOCS.readSecurity }, async () => ({
      data: { require_two_factor: (await twoFactorRequired(db)) ? 1 : 0 },
    }));

    managers.put('/api/admin/settings/security', { schema: { ...ACCOUNT_DOCS.updateSecurity, documentedBody: securityBody } }, async (request) => {
      const { require_two_factor: required } = parseForm(securityBody, request.body);
      // The MANAGER who turns the requirement on must not be the first one it locks out.
      if (required === 1 && (await accountRow(request)).two_factor !== 1) {
        throw new HttpError(409, ACCOUNT_MESSAGES.enrolFirst, { require_two_factor: [ACCOUNT_MESSAGES.enrolFirst] });
      }
      await setSetting(db, SETTING_KEYS.requireTwoFactor, String(required));
      await recordAudit(request, { action: 'update', resource: 'settings', recordId: 'security' });
      return { data: { require_two_factor: required } };
    });
  });
}
