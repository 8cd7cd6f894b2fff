import type { PageContext } from 'vike/types';
import { DEFAULT_LOCALE } from '@lib/locales.js';

/** `<html lang>`: the language of the page's address. */
export const lang = (pageContext: PageContext): string => pageContext.locale ?? DEFAULT_LOCALE;
