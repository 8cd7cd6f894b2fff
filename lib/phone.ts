/**
 * Phone verification: a client-side service, not an HTTP call, registered when the app starts.
 * The app refuses to start without one (`requirePhoneVerification`).
 */

export interface PhoneCheck {
  valid: boolean;
  /** E.164 form (`+79161234567`) when valid. */
  e164: string | null;
  /** International display form (`+7 916 123 45 67`) when valid. */
  display: string | null;
}

export interface PhoneVerificationService {
  readonly name: string;
  verify(input: string): PhoneCheck;
}

export class PhoneVerificationMissingError extends Error {
  constructor() {
    super('Phone verification service is not registered: the application cannot start without it.');
    this.name = 'PhoneVerificationMissingError';
  }
}

/** A stored E.164 number as staff read it: a Russian one as «+7 912 345-67-89», any other as stored. */
export function formatStoredPhone(e164: string): string {
  const russian = /^\+7(\d{3})(\d{3})(\d{2})(\d{2})$/.exec(e164);
  return russian ? `+7 ${russian[1]} ${russian[2]}-${russian[3]}-${russian[4]}` : e164;
}

let registered: PhoneVerificationService | null = null;

export function registerPhoneVerification(service: PhoneVerificationService): void {
  registered = service;
}

/** For tests: forget the registered service. */
export function unregisterPhoneVerification(): void {
  registered = null;
}

/** The registered service; throws `PhoneVerificationMissingError` when there is none. */
export function requirePhoneVerification(): PhoneVerificationService {
  if (!registered) throw new PhoneVerificationMissingError();
  return registered;
}
