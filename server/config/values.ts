/** How the configuration reads its values: the error that stops the start, a parser's message as that error, and whole numbers within a range. */

export class ConfigError extends Error {}

export const orConfigError = <T extends object>(parsed: T | string): T => {
  if (typeof parsed === 'string') throw new ConfigError(parsed);
  return parsed;
};

/** A whole number within `range` (of `unit`, when it has one), or `fallback` when unset. */
export function parseWholeNumber(name: string, value: string | undefined, fallback: number, range: { min: number; max: number; unit?: string }): number {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < range.min || number > range.max) {
    const unit = range.unit ? ` of ${range.unit}` : '';
    throw new ConfigError(`${name} must be a whole number${unit} from ${range.min} to ${range.max}, got "${value}"`);
  }
  return number;
}
