import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import type { PhoneCheck, PhoneVerificationService } from './phone.js';

/** The phone verification service on libphonenumber-js (minimal metadata), Russia as the default country. */
export function createLibphonenumberVerification(defaultCountry: 'RU' = 'RU'): PhoneVerificationService {
  return {
    name: 'libphonenumber-js',
    verify(input: string): PhoneCheck {
      const parsed = parsePhoneNumberFromString(input, defaultCountry);
      if (!parsed || !parsed.isValid()) return { valid: false, e164: null, display: null };
      return { valid: true, e164: parsed.number, display: parsed.formatInternational() };
    },
  };
}
