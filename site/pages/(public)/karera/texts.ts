import { formatRoubles, groupDigits } from '@lib/format.js';
import type { Locale } from '@lib/locales.js';

/** The careers pages' own words in each language (the site's dictionary has the words every page shares). */
export interface VacancyTexts {
  title: string;
  description: (brand: string) => string;
  empty: string;
  all: string;
  cities: string;
  allCities: string;
  /** A vacancy's description for search engines when it has no text. */
  fallbackDescription: (brand: string, title: string, city: string) => string;
  /** A vacancy's salary range: «от 90 000 до 120 000 ₽», «от 90 000 ₽», «до 120 000 ₽», or by agreement. */
  salary: (from: number | null, to: number | null) => string;
  /** The names of the employment choices where they differ from the declared (Russian) ones. */
  employment: Readonly<Record<string, string>>;
}

/** A salary range in the words and digits of a language. */
const salaryIn =
  (words: { from: string; to: string; negotiable: string }, digits: (value: number) => string, money: (value: number) => string) =>
  (from: number | null, to: number | null): string => {
    if (from !== null && to !== null) return from === to ? money(from) : `${words.from} ${digits(from)} ${words.to} ${money(to)}`;
    if (from !== null) return `${words.from} ${money(from)}`;
    if (to !== null) return `${words.to} ${money(to)}`;
    return words.negotiable;
  };

/** Whole numbers grouped by commas (`120,000`), as British English writes them; no Intl number format to load. */
const englishDigits = (value: number): string => groupDigits(Math.round(value)).replaceAll(' ', ',');

export const VACANCY_TEXTS: Readonly<Record<Locale, VacancyTexts>> = {
  ru: {
    title: 'Вакансии',
    description: (brand) => `Вакансии ${brand}: должности, города, зарплаты и условия работы.`,
    empty: 'Открытых вакансий по выбранным условиям сейчас нет.',
    all: 'Все вакансии',
    cities: 'Города',
    allCities: 'Все города',
    fallbackDescription: (brand, title, city) => `Вакансия ${brand}: ${title}, ${city}.`,
    salary: salaryIn({ from: 'от', to: 'до', negotiable: 'Зарплата по договорённости' }, groupDigits, formatRoubles),
    employment: {},
  },
  en: {
    title: 'Careers',
    description: (brand) => `${brand} vacancies: positions, cities, salaries and working conditions.`,
    empty: 'No open vacancies match the chosen conditions now.',
    all: 'All vacancies',
    cities: 'Cities',
    allCities: 'All cities',
    fallbackDescription: (brand, title, city) => `${brand} vacancy: ${title}, ${city}.`,
    salary: salaryIn({ from: 'from', to: 'to', negotiable: 'Salary negotiable' }, englishDigits, (value) => `${englishDigits(value)}\u00a0₽`),
    employment: { full: 'Full-time', part: 'Part-time', project: 'Project work', internship: 'Internship' },
  },
};
