import type { HttpClient } from '../dataProvider/httpClient.js';

/** The profile screen, where an account enrols in two-factor sign-in (docs/admin-api.md, Two-factor sign-in). */
export const PROFILE_PATH = '/admin/profile';

/** i18n key of the notice that the right password now needs a code. */
export const TWO_FACTOR_STEP_KEY = 'app.auth.two_factor_step';

/**
 * Thrown by the authProvider's `login` when the password was right and the account signs in with a second factor:
 * the login screen then asks for the code and calls `login({ challenge, code })`.
 */
export class TwoFactorChallenge extends Error {
  constructor(readonly challenge: string) {
    super(TWO_FACTOR_STEP_KEY);
  }
}

/** What the login screen passes to `login`: the password step, or the code step with the challenge it got. */
export interface LoginParams {
  username?: string;
  email?: string;
  password?: string;
  challenge?: string;
  code?: string;
}

/**
 * Posts one step of the sign-in. The password step of an account with two-factor sign-in answers a challenge
 * instead of the session (throws TwoFactorChallenge); the code step, or a password of an account without it, sets
 * the session cookies. Answers whether a MANAGER requires this account to enrol before anything else.
 */
export async function postLoginStep(http: HttpClient, params: LoginParams): Promise<{ enrolmentRequired: boolean }> {
  if (params.challenge !== undefined) {
    await http.post('/api/site/login/2fa', { challenge: params.challenge, code: params.code ?? '' });
    return { enrolmentRequired: false };
  }
  const response = await http.post('/api/site/login', {
    email: params.email ?? params.username ?? '',
    password: params.password ?? '',
  });
  const body = response.data;
  const data = typeof body === 'object' && body !== null && 'data' in body ? (body as { data: unknown }).data : null;
  if (typeof data === 'object' && data !== null) {
    const answer = data as { twoFactor?: unknown; challenge?: unknown; twoFactorSetupRequired?: unknown };
    if (answer.twoFactor === true && typeof answer.challenge === 'string') throw new TwoFactorChallenge(answer.challenge);
    return { enrolmentRequired: answer.twoFactorSetupRequired === true };
  }
  return { enrolmentRequired: false };
}
