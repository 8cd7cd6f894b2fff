import type { FastifyRequest } from 'fastify';
import type { TranslationLocale } from '../../lib/locales.js';
import { HTML_MAX, localizedFieldsOf, typographyFields, type Field, type ResourceDescriptor } from '../../lib/resources/index.js';
import type { ContentJob } from '../content/contentWorker.js';
import { budgetOf, OutOfTimeError, runContentJob, type WorkBudget } from '../content/workerPool.js';
import { HttpError } from '../http/errors.js';
import { formError } from '../http/validation.js';
import type { SentTranslations } from '../translations/admin.js';
import type { Values } from './hooks.js';

/**
 * The content work of a write, done off the main thread within the request's one budget: rich HTML sanitised (and
 * typeset where its field declares typography), the text fields declared `typography` typeset, and the rich HTML
 * of the versions in other languages sanitised. Typography changes only what the write changes: a field sent as it is
 * stored keeps its stored text, so a save never rewrites (and the history never blames anyone for) a field nobody
 * touched. A field whose content is refused (nested too deep) or whose work
 * outlasts what is left of the budget is a 400 naming it; nothing is written then.
 */

/** What a pass does: sanitise rich HTML (what an editor sent) or not (what was stored); typeset where declared or not at all. */
interface Pass {
  sanitize: boolean;
  typeset: boolean;
  /** How a refusal names the field. */
  pathOf: (name: string) => string;
}

/** The job of one field's value (`stored`: the record's text before the write, if any), or null when it needs none. */
function jobOf(field: Field, value: string, pass: Pass, stored: unknown): ContentJob | null {
  if (value === stored) return null;
  const typeset = pass.typeset && 'typography' in field && field.typography === true;
  if (field.kind === 'html') {
    if (!pass.sanitize) return typeset ? { kind: 'typesetHtml', html: value } : null;
    return { kind: 'html', html: value, typeset, ...(typeof stored === 'string' ? { stored } : {}) };
  }
  return field.kind === 'text' && typeset ? { kind: 'text', text: value } : null;
}

/** The longest value a field takes: its declared maximum, or the longest rich HTML. */
const limitOf = (field: Field): number => (field.kind === 'text' ? field.max : HTML_MAX);

/** One field's value after its job: refusals and an exhausted budget are the field's 400. */
async function done(budget: WorkBudget, path: string, field: Field, value: string, job: ContentJob): Promise<string> {
  let outcome;
  try {
    outcome = await runContentJob(budget, job);
  } catch (error) {
    if (error instanceof OutOfTimeError) throw formError({ [path]: [error.message] });
    throw error;
  }
  if (!('value' in outcome)) throw formError({ [path]: ['refused' in outcome ? outcome.refused : 'Недопустимое содержимое.'] });
  // A typeset text longer than its field allows (a space added before a bracket) is kept as sent, so that the stored
  // record can always be saved again unchanged.
  return outcome.value.length > limitOf(field) ? value : outcome.value;
}

/** The values of the given fields after their jobs (`stored`: the record before the write); the others as they are. */
async function preparedFields(
  budget: WorkBudget,
  fields: readonly [string, Field][],
  values: Values,
  pass: Pass,
  stored: Values | null = null,
): Promise<Values> {
  const result: Values = { ...values };
  for (const [name, field] of fields) {
    const value = values[name];
    const job = typeof value === 'string' && value !== '' ? jobOf(field, value, pass, stored?.[name]) : null;
    if (job && typeof value === 'string') result[name] = await done(budget, pass.pathOf(name), field, value, job);
  }
  return result;
}

/**
 * A write's values, sent by an editor, made ready to store (see above), within the request's budget; `stored` is the
 * record as it is before an update (null for a new one).
 */
export async function preparedValues(
  request: FastifyRequest,
  resource: ResourceDescriptor,
  values: Values,
  locales: readonly TranslationLocale[],
  stored: Values | null,
): Promise<Values> {
  const budget = budgetOf(request);
  const pass: Pass = { sanitize: true, typeset: true, pathOf: (name) => name };
  const result = await preparedFields(budget, Object.entries(resource.fields), values, pass, stored);
  const sent = values.translations as SentTranslations | undefined;
  if (!locales.length || !sent) return result;
  const translations: SentTranslations = { ...sent };
  const localized = localizedFieldsOf(resource).filter(([, field]) => field.kind === 'html');
  for (const locale of locales) {
    const version = sent[locale];
    if (!version) continue;
    // Typography is Russian: the other languages' texts are sanitised only.
    const pass = { sanitize: true, typeset: false, pathOf: (name: string) => `translations.${locale}.${name}` };
    translations[locale] = await preparedFields(budget, localized, version, pass);
  }
  return { ...result, translations };
}

/**
 * One field's value as a save would store it (rich HTML sanitised, typography where the field declares it), within
 * the request's budget: the form shows it before the save.
 */
export async function typesetFieldValue(request: FastifyRequest, name: string, field: Field, value: string): Promise<string> {
  const job = value === '' ? null : jobOf(field, value, { sanitize: true, typeset: true, pathOf: (path) => path }, undefined);
  return job ? done(budgetOf(request), name, field, value, job) : value;
}

/**
 * Stored values typeset (`npm run typography`): their rich HTML was sanitised when it was written. A record whose
 * work outlasts the budget keeps its text (null).
 */
export async function typesetStoredValues(budget: WorkBudget, fields: Readonly<Record<string, Field>>, values: Values): Promise<Values | null> {
  const declared = typographyFields(fields).map((name): [string, Field] => [name, fields[name] as Field]);
  try {
    return await preparedFields(budget, declared, values, { sanitize: false, typeset: true, pathOf: (name) => name });
  } catch (error) {
    if (error instanceof HttpError) return null;
    throw error;
  }
}
