import type { FastifyRequest, FastifySchema } from 'fastify';
import { z } from 'zod';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../lib/locales.js';
import type { AppConfig } from '../config.js';
import { HttpError } from '../http/errors.js';

/**
 * The language of a public JSON read: `?locale=en` where the site has English, Russian without it. With Russian
 * alone the parameter does not exist: it is neither read, nor documented, nor part of the page cache's key.
 */
export const LOCALE_PARAM = 'locale';

/** Whether the site reads in more than one language. */
export const isMultilingual = (config: AppConfig): boolean => config.siteLocales.length > 1;

/** The query parameters a public read adds for its language: `locale` where the site has several. */
export const localeParams = (config: AppConfig): string[] => (isMultilingual(config) ? [LOCALE_PARAM] : []);

/** The `locale` parameter as documented and checked. */
export const localeQueryShape = (config: AppConfig): Record<string, z.ZodType> =>
  isMultilingual(config)
    ? {
        [LOCALE_PARAM]: z
          .string()
          .optional()
          .meta({ description: `The language: ${config.siteLocales.map((locale) => `\`${locale}\``).join(', ')}; \`${DEFAULT_LOCALE}\` when absent.` }),
      }
    : {};

/** A route's schema whose documented query names `locale` too, where the site has several languages. */
export function withLocaleQuery(schema: FastifySchema, config: AppConfig): FastifySchema {
  if (!isMultilingual(config)) return schema;
  const documented = schema.documentedQuery ?? z.object({});
  return { ...schema, documentedQuery: documented.extend(localeQueryShape(config)) };
}

/** The language a public read asks for: Russian when absent, 400 for one the site does not have. */
export function requestedLocale(request: FastifyRequest, config: AppConfig): Locale {
  if (!isMultilingual(config)) return DEFAULT_LOCALE;
  const value = (request.query as Record<string, unknown> | undefined)?.[LOCALE_PARAM];
  if (value === undefined || value === '') return DEFAULT_LOCALE;
  if (isLocale(value) && config.siteLocales.includes(value)) return value;
  throw new HttpError(400, `Язык «${String(value)}» на сайте не включён: ${config.siteLocales.join(', ')}.`, {
    [LOCALE_PARAM]: ['Неизвестный язык.'],
  });
}
