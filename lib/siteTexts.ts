import type { Locale } from './locales.js';
import { NOT_FOUND_BUTTON, NOT_FOUND_EXPLANATION, NOT_FOUND_HEADLINE } from './site.js';
import { pageSuffix } from './titles.js';

/**
 * The site's own interface texts (in lib/: the server's feeds read them too) (the fixed parts of the header and footer, buttons, the 404 page, list pages'
 * words), one dictionary per language. Content (titles, menus, texts) comes from the records, in the page's language.
 */
export interface SiteTexts {
  skipLink: string;
  loading: string;
  breadcrumbs: string;
  home: string;
  quickLinks: string;
  searchLabel: string;
  searchPlaceholder: string;
  searchButton: string;
  openMenu: string;
  closeMenu: string;
  mainMenu: string;
  logoLabel: (brand: string) => string;
  freeCall: string;
  footerInformation: string;
  footerCompany: string;
  newsFeed: string;
  cookieSettings: string;
  footerPayment: string;
  footerNetworks: string;
  allRightsReserved: string;
  pages: string;
  previous: string;
  next: string;
  pageNumber: (page: number) => string;
  /** What precedes the page number after a list heading from page 2 (« — страница 2»). */
  headingPage: string;
  /** The document title's and description's suffix from page 2 (« - страница 2»), nothing on page 1. */
  titleSuffix: (page: number | null | undefined) => string;
  showMore: string;
  loadingMore: string;
  notFoundHeadline: string;
  notFoundExplanation: string;
  notFoundButton: string;
  notFoundTitle: string;
  errorTitle: string;
  serverError: string;
  news: string;
  noNews: string;
  newsDescription: (brand: string) => string;
  /** Above a page shown in Russian under another language's address. */
  shownInRussian: string;
  /** The language switch: its accessible name, and each language's name in its own words. */
  languageSwitch: string;
  languageNames: Readonly<Record<Locale, string>>;
  /** `12 March 2026`: a long date in the language, in Moscow time. */
  dateLocale: string;
}

const LANGUAGE_NAMES: Readonly<Record<Locale, string>> = { ru: 'Русский', en: 'English' };

export const TEXTS: Readonly<Record<Locale, SiteTexts>> = {
  ru: {
    skipLink: 'Перейти к содержанию',
    loading: 'Загрузка страницы',
    breadcrumbs: 'Навигационная цепочка',
    home: 'Главная',
    quickLinks: 'Быстрые ссылки',
    searchLabel: 'Поиск по сайту',
    searchPlaceholder: 'Поиск',
    searchButton: 'Найти',
    openMenu: 'Открыть меню',
    closeMenu: 'Закрыть меню',
    mainMenu: 'Основное меню',
    logoLabel: (brand) => `${brand} — на главную`,
    freeCall: 'Бесплатно по России',
    footerInformation: 'Информация',
    footerCompany: 'Компания',
    newsFeed: 'RSS новостей',
    cookieSettings: 'Настройки cookie',
    footerPayment: 'Оплата',
    footerNetworks: 'Мы в сетях',
    allRightsReserved: '. Все права защищены.',
    pages: 'Страницы',
    previous: '← Назад',
    next: 'Вперёд →',
    pageNumber: (page) => `Страница ${page}`,
    headingPage: ' — страница ',
    titleSuffix: pageSuffix,
    showMore: 'Показать ещё',
    loadingMore: 'Загрузка…',
    notFoundHeadline: NOT_FOUND_HEADLINE,
    notFoundExplanation: NOT_FOUND_EXPLANATION,
    notFoundButton: NOT_FOUND_BUTTON,
    notFoundTitle: 'Страница не найдена',
    errorTitle: 'Ошибка',
    serverError: 'На сервере произошла ошибка. Попробуйте обновить страницу через некоторое время.',
    news: 'Новости',
    noNews: 'Новостей пока нет.',
    newsDescription: (brand) => `Новости компании ${brand}: события, решения совета директоров, новые сервисы и итоги работы.`,
    shownInRussian: 'Эта страница пока есть только на русском языке.',
    languageSwitch: 'Язык сайта',
    languageNames: LANGUAGE_NAMES,
    dateLocale: 'ru-RU',
  },
  en: {
    skipLink: 'Skip to content',
    loading: 'Loading the page',
    breadcrumbs: 'Breadcrumbs',
    home: 'Home',
    quickLinks: 'Quick links',
    searchLabel: 'Search the site',
    searchPlaceholder: 'Search',
    searchButton: 'Search',
    openMenu: 'Open the menu',
    closeMenu: 'Close the menu',
    mainMenu: 'Main menu',
    logoLabel: (brand) => `${brand}: home page`,
    freeCall: 'Free calls within Russia',
    footerInformation: 'Information',
    footerCompany: 'Company',
    newsFeed: 'News RSS',
    cookieSettings: 'Cookie settings',
    footerPayment: 'Payment',
    footerNetworks: 'Follow us',
    allRightsReserved: '. All rights reserved.',
    pages: 'Pages',
    previous: '← Previous',
    next: 'Next →',
    pageNumber: (page) => `Page ${page}`,
    headingPage: ' — page ',
    titleSuffix: (page) => (page && page >= 2 ? ` - page ${page}` : ''),
    showMore: 'Show more',
    loadingMore: 'Loading…',
    notFoundHeadline: 'Something seems to have gone wrong!',
    notFoundExplanation: 'The page you are looking for does not exist, is out of date or has been removed.',
    notFoundButton: 'Go to the home page',
    notFoundTitle: 'Page not found',
    errorTitle: 'Error',
    serverError: 'An error occurred on the server. Please try to reload the page in a while.',
    news: 'News',
    noNews: 'No news yet.',
    newsDescription: (brand) => `${brand} news: events, board decisions, new services and results.`,
    shownInRussian: 'This page is not available in English yet: here is its Russian version.',
    languageSwitch: 'Site language',
    languageNames: LANGUAGE_NAMES,
    dateLocale: 'en-GB',
  },
};
