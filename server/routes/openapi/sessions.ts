import { z } from 'zod';
import { TAGS } from '../../http/openapi/document.js';
import { operation } from '../../http/openapi/operation.js';
import { flag, int } from '../../http/openapi/shapes.js';
import { userRecord } from '../../resources/recordSchemas.js';

/** The documented operations of sessions (server/routes/auth.ts) and of the signed-in account (server/routes/account.ts). */

const sessions = TAGS.sessions.name;
const account = TAGS.account.name;

const sessionUser = z.object({ user: userRecord.pick({ id: true, email: true, name: true, role: true }) });
const accountRecord = z.object({
  ...userRecord.shape,
  two_factor_required: flag.meta({ description: '1 while a manager requires two-factor sign-in of all staff.' }),
  recovery_codes_left: int,
});
const recoveryCodes = z.object({ recoveryCodes: z.array(z.string()).meta({ description: 'Shown once; each works once.' }) });
const security = z.object({ require_two_factor: flag });

export const SESSION_DOCS = {
  login: operation({
    summary: 'Sign in with e-mail and password',
    description:
      'Sets the `access_token`, `refresh_token` and `signed_in` cookies. An account with two-factor sign-in gets a challenge instead, answered at `/api/site/login/2fa`.',
    tag: sessions,
    data: z.union([
      sessionUser.extend({ twoFactorSetupRequired: z.literal(true).optional() }),
      z.object({ twoFactor: z.literal(true), challenge: z.string() }),
    ]),
    errors: [401, 429],
  }),
  loginCode: operation({
    summary: 'Sign in with the code of a two-factor challenge',
    description: 'A TOTP code or a recovery code; sets the session cookies.',
    tag: sessions,
    data: sessionUser,
    errors: [401, 429],
  }),
  refresh: operation({
    summary: 'Rotate the session cookies',
    tag: sessions,
    data: sessionUser,
    errors: [429],
    auth: 'refreshCookie',
  }),
  logout: operation({
    summary: 'Sign out',
    description: 'Ends every session of the account and clears the cookies.',
    tag: sessions,
    data: z.object({ ok: z.literal(true) }),
    auth: 'bearer',
  }),
};

export const ACCOUNT_DOCS = {
  read: operation({ summary: 'The signed-in account', tag: account, data: accountRecord }),
  update: operation({
    summary: 'Change the name, e-mail or password of the signed-in account',
    description: 'Needs the current password; a new password ends the other sessions.',
    tag: account,
    data: accountRecord,
    errors: [409, 429],
  }),
  setup: operation({
    summary: 'Start enrolling in two-factor sign-in',
    tag: account,
    data: z.object({ secret: z.string(), otpauthUrl: z.string(), qrCode: z.string().meta({ description: 'A data: URL of the QR code.' }) }),
    errors: [409],
  }),
  enable: operation({ summary: 'Confirm two-factor sign-in with a code', tag: account, data: recoveryCodes, errors: [409, 429] }),
  disable: operation({ summary: 'Turn two-factor sign-in off', tag: account, data: accountRecord, errors: [409, 429] }),
  recoveryCodes: operation({ summary: 'Renew the recovery codes', tag: account, data: recoveryCodes, errors: [409, 429] }),
  reset: operation({ summary: "Reset another account's two-factor sign-in", tag: account, data: userRecord, errors: [409] }),
  readSecurity: operation({ summary: 'The security settings', tag: account, data: security }),
  updateSecurity: operation({ summary: 'Require two-factor sign-in of all staff, or not', tag: account, data: security, errors: [409] }),
};
