import { z } from 'zod';
import { HttpError } from './errors.js';

/** The message of every validation answer; the details are per field in `errors`. */
export const FORM_MESSAGE = 'Проверьте поля формы.';
export const REQUIRED_MESSAGE = 'Заполните поле.';

const russian = z.locales.ru().localeError;

/** Russian messages: our own for the common cases, zod's Russian locale for the rest. */
const errorMap: z.core.$ZodErrorMap = (issue) => {
  if (issue.code === 'invalid_type' && (issue.input === undefined || issue.input === null)) return REQUIRED_MESSAGE;
  if (issue.code === 'too_small' && issue.origin === 'string' && issue.minimum === 1) return REQUIRED_MESSAGE;
  if (issue.code === 'too_big' && issue.origin === 'string') return `Не длиннее ${String(issue.maximum)} символов.`;
  if (issue.code === 'invalid_type' && issue.expected === 'string') return 'Ожидается строка.';
  if (issue.code === 'invalid_type' && (issue.expected === 'number' || issue.expected === 'int')) return 'Ожидается целое число.';
  return russian(issue);
};

/** Parses with a schema; the messages its own declarations do not give are the Russian ones above. */
export function parseInRussian<S extends z.ZodType>(schema: S, input: unknown): z.ZodSafeParseResult<z.output<S>> {
  return schema.safeParse(input, { error: errorMap });
}

/** A 400 in the shape of every validation answer. */
export function formError(errors: Record<string, string[]>, status = 400): HttpError {
  return new HttpError(status, FORM_MESSAGE, errors);
}

/** Checks input with a schema: the parsed value, or the 400 `{ message: 'Проверьте поля формы.', errors: { field: […] } }`. */
export function checkWith<S extends z.ZodType>(schema: S, input: unknown): { value: z.output<S> } | { error: HttpError } {
  const result = parseInRussian(schema, input ?? {});
  if (result.success) return { value: result.data };
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length ? String(issue.path[0]) : '_form';
    (errors[field] ??= []).push(issue.message);
  }
  return { error: formError(errors) };
}

/** Parses a body with a schema; failures throw the 400 of `checkWith`. */
export function parseForm<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const checked = checkWith(schema, input);
  if ('error' in checked) throw checked.error;
  return checked.value;
}
