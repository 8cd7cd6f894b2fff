import type { PageContext } from 'vike/types';
import { localeOf } from '../i18n/pageTexts.js';

/** `<html lang>`: the language of the page's address. */
export const lang = (pageContext: PageContext): string => localeOf(pageContext);
