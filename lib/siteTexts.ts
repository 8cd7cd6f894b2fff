import { formatMegabytes } from './format.js';
import type { Locale } from './locales.js';
import { ENQUIRY_RESULTS, type EnquiryResult } from './enquiry.js';
import { SEARCH_MESSAGES, SEARCH_QUERY_MAX } from './search.js';
import { MEDIA_TABS, NOT_FOUND_BUTTON, NOT_FOUND_EXPLANATION, NOT_FOUND_HEADLINE, type MediaTabKey } from './site.js';
import { pageSuffix } from './titles.js';

/** A media tab's words: the tab's name, its page's title for the document head, and its description. */
export interface MediaTabTexts {
  title: string;
  metaTitle: string;
  description: string;
}

/** The feedback form's words. */
export interface EnquiryTexts {
  title: string;
  trap: string;
  name: string;
  email: string;
  phone: string;
  contactHint: string;
  topic: string;
  message: string;
  /** «Я даю | согласие на обработку персональных данных | (редакция | 3)». */
  consentBefore: string;
  consentLink: string;
  consentVersion: string;
  send: string;
  sending: string;
  /** How a sending went, as the page tells it (after a plain form post, or the script's answer). */
  results: Readonly<Record<EnquiryResult, string>>;
  network: string;
  status: (status: number) => string;
  /**
   * The errors of the fields the server refused, in the language, by field (`contact`: neither an e-mail nor a
   * phone); null where the server's own (Russian) words are shown.
   */
  fieldErrors: Readonly<Record<'name' | 'email' | 'phone' | 'contact' | 'topic_id' | 'message' | 'consent', string>> | null;
}

/** A section page that is not a text page (`/investoram/dokumenty`), as the section's menu and index show it. */
export interface SectionPageTexts {
  title: string;
  description: string;
}

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
  /** A file's size in megabytes with one decimal (`1,5 МБ`, `1.5 MB`). */
  fileSize: (bytes: number) => string;
  /** The site's description in the language, or null for the site's own setting (in Russian). */
  siteDescription: ((brand: string) => string) | null;
  /** The home page. */
  allNews: string;
  allNewsMore: string;
  mediaCentre: string;
  goToMediaCentre: string;
  ourNews: string;
  photobankHighlight: string;
  /** The media section. */
  mediaTabs: Readonly<Record<MediaTabKey, MediaTabTexts>>;
  mediaSections: string;
  mediaNews: string;
  noPublications: string;
  noVideos: string;
  pinned: string;
  opensInNewTab: string;
  /** A press item's source without a logo: its first letters stand in, or these for an unnamed one. */
  pressFallback: string;
  logoOf: (name: string) => string;
  filesOf: (name: string) => string;
  watchVideo: (title: string) => string;
  /** The photobank. */
  photobankIntro: string;
  downloadAllLogos: string;
  emptyCategory: string;
  download: string;
  copied: (label: string, value: string) => string;
  copyFailed: string;
  clickToCopy: string;
  /** Sections of text pages by their first address segment, and their pages that are not text pages. */
  sectionTitles: Readonly<Record<string, string>>;
  sectionPages: Readonly<Record<string, SectionPageTexts>>;
  investorsDescription: (brand: string) => string;
  updated: string;
  /** Investor documents. */
  documents: string;
  documentsTitle: string;
  documentsDescription: (brand: string) => string;
  noDocuments: string;
  documentCategories: string;
  allDocuments: string;
  years: string;
  allYears: string;
  /** The names of the documents' categories where they differ from the declared (Russian) ones. */
  documentCategoryNames: Readonly<Record<string, string>>;
  enquiry: EnquiryTexts;
  /** The search page. */
  searchQueryLabel: string;
  searchDescription: (brand: string) => string;
  searchHint: string;
  nothingFound: string;
  nothingFoundHint: string;
  /** «Найдено: 12», «Найдено: более 500». */
  found: string;
  moreThan: (total: number) => string;
  /** Why a search query is refused: empty, or too long. */
  searchMessages: { empty: string; tooLong: string };
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
    fileSize: formatMegabytes,
    siteDescription: null,
    allNews: 'Все новости',
    allNewsMore: 'Все новости →',
    mediaCentre: 'Медиацентр',
    goToMediaCentre: 'Перейти в медиацентр →',
    ourNews: 'Наши новости',
    photobankHighlight: 'Логотипы, фирменные цвета и фотографии для публикаций',
    mediaTabs: Object.fromEntries(MEDIA_TABS.map(({ key, ...words }) => [key, words])) as Record<MediaTabKey, MediaTabTexts>,
    mediaSections: 'Разделы медиацентра',
    mediaNews: 'Новости медиацентра',
    noPublications: 'Публикаций пока нет.',
    noVideos: 'Видео пока нет.',
    pinned: 'Закреплено',
    opensInNewTab: ' (откроется в новой вкладке)',
    pressFallback: 'СМИ',
    logoOf: (name) => `Логотип: ${name}`,
    filesOf: (name) => `Файлы: ${name}`,
    watchVideo: (title) => `Смотреть видео: ${title}`,
    photobankIntro: 'Логотипы, фирменные цвета и фотографии можно использовать в публикациях о компании без изменений.',
    downloadAllLogos: 'Скачать все логотипы (ZIP)',
    emptyCategory: 'В этой категории пока ничего нет.',
    download: 'Скачать',
    copied: (label, value) => `Скопировано: ${label} ${value}`,
    copyFailed: 'Не удалось скопировать. Выделите значение и скопируйте вручную.',
    clickToCopy: 'Нажмите, чтобы скопировать',
    sectionTitles: { investoram: 'Инвесторам' },
    sectionPages: {
      dokumenty: { title: 'Документы для инвесторов', description: 'Годовые отчёты, финансовая отчётность, раскрытие информации, собрания акционеров.' },
    },
    investorsDescription: (brand) => `Информация для акционеров и инвесторов ${brand}: раскрытие информации, отчётность, собрания акционеров.`,
    updated: 'Обновлено',
    documents: 'Документы',
    documentsTitle: 'Документы для инвесторов',
    documentsDescription: (brand) => `Годовые отчёты, финансовая отчётность, раскрытие информации и материалы собраний акционеров ${brand}.`,
    noDocuments: 'Документов по выбранным условиям пока нет.',
    documentCategories: 'Категории документов',
    allDocuments: 'Все документы',
    years: 'Годы',
    allYears: 'Все годы',
    documentCategoryNames: {},
    enquiry: {
      title: 'Обратная связь',
      trap: 'Не заполняйте это поле',
      name: 'Имя',
      email: 'Электронная почта',
      phone: 'Телефон',
      contactHint: 'Укажите электронную почту или телефон — как вам удобнее получить ответ.',
      topic: 'Тема',
      message: 'Сообщение',
      consentBefore: 'Я даю',
      consentLink: 'согласие на обработку персональных данных',
      consentVersion: '(редакция ',
      send: 'Отправить',
      sending: 'Отправляем…',
      results: ENQUIRY_RESULTS,
      network: 'Не удалось отправить обращение: нет связи с сервером. Попробуйте ещё раз.',
      status: (status) => `Ошибка ${status}.`,
      fieldErrors: null,
    },
    searchQueryLabel: 'Что найти',
    searchDescription: (brand) => `Поиск по сайту ${brand}.`,
    searchHint: 'Введите слово или несколько слов: поиск найдёт их в любой форме — «отчёт», «отчёты», «отчётов».',
    nothingFound: 'Ничего не найдено',
    nothingFoundHint: 'Проверьте написание, попробуйте другие или более общие слова, или уберите лишние.',
    found: 'Найдено: ',
    moreThan: (total) => `более ${total}`,
    searchMessages: SEARCH_MESSAGES,
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
    fileSize: (bytes) => `${(Math.max(0, bytes) / (1024 * 1024)).toFixed(1)}\u00a0MB`,
    siteDescription: (brand) => `${brand}: company news, press coverage, videos, the photobank and information for shareholders.`,
    allNews: 'All news',
    allNewsMore: 'All news →',
    mediaCentre: 'Media centre',
    goToMediaCentre: 'Go to the media centre →',
    ourNews: 'Our news',
    photobankHighlight: 'Logos, brand colours and photos for publications',
    mediaTabs: {
      'nashi-novosti': {
        title: 'News',
        metaTitle: 'Company news',
        description: "The company's own publications: news, interviews and stories about the group's work.",
      },
      'smi-o-nas': {
        title: 'In the press',
        metaTitle: 'In the press',
        description: 'What national and trade media write about the company, with links to the sources.',
      },
      video: { title: 'Video', metaTitle: 'Video', description: "The company's videos: presentations, reports, interviews and webinars." },
      photobank: {
        title: 'Photobank',
        metaTitle: 'Photobank: logos, brand colours and photos',
        description: 'Logos in vector and raster formats, brand colours and photos for publications.',
      },
    },
    mediaSections: 'Media centre sections',
    mediaNews: 'Media centre news',
    noPublications: 'No publications yet.',
    noVideos: 'No videos yet.',
    pinned: 'Pinned',
    opensInNewTab: ' (opens in a new tab)',
    pressFallback: 'Media',
    logoOf: (name) => `Logo: ${name}`,
    filesOf: (name) => `Files: ${name}`,
    watchVideo: (title) => `Watch the video: ${title}`,
    photobankIntro: 'Logos, brand colours and photos may be used unchanged in publications about the company.',
    downloadAllLogos: 'Download all logos (ZIP)',
    emptyCategory: 'Nothing in this category yet.',
    download: 'Download',
    copied: (label, value) => `Copied: ${label} ${value}`,
    copyFailed: 'Could not copy. Select the value and copy it by hand.',
    clickToCopy: 'Click to copy',
    sectionTitles: { investoram: 'Investors' },
    sectionPages: {
      dokumenty: { title: 'Documents for investors', description: 'Annual reports, financial statements, disclosures, shareholder meetings.' },
    },
    investorsDescription: (brand) => `For ${brand} shareholders and investors: disclosures, reporting, shareholder meetings.`,
    updated: 'Updated',
    documents: 'Documents',
    documentsTitle: 'Documents for investors',
    documentsDescription: (brand) => `${brand} annual reports, financial statements, disclosures and shareholder meeting materials.`,
    noDocuments: 'No documents match the chosen conditions yet.',
    documentCategories: 'Document categories',
    allDocuments: 'All documents',
    years: 'Years',
    allYears: 'All years',
    enquiry: {
      title: 'Contact us',
      trap: 'Leave this field empty',
      name: 'Name',
      email: 'E-mail',
      phone: 'Phone',
      contactHint: 'Give an e-mail address or a phone number, whichever you prefer for the answer.',
      topic: 'Topic',
      message: 'Message',
      consentBefore: 'I give my',
      consentLink: 'consent to the processing of personal data',
      consentVersion: '(version ',
      send: 'Send',
      sending: 'Sending…',
      results: {
        sent: 'Thank you! Your enquiry has been sent; we will answer soon.',
        consent: 'Tick the consent to the processing of personal data.',
        'consent-changed': 'The consent to the processing of personal data has changed. Read the new version and send the form again.',
        limit: 'Too many enquiries from this address. Please try again later.',
        invalid: 'Check the form: your name, the message, and an e-mail address or a phone number in the right format.',
      },
      network: 'The enquiry could not be sent: no connection to the server. Please try again.',
      status: (status) => `Error ${status}.`,
      fieldErrors: {
        name: 'Enter your name.',
        email: 'Check the e-mail address.',
        phone: 'Check the phone number.',
        contact: 'Give an e-mail address or a phone number.',
        topic_id: 'Choose a topic from the list.',
        message: 'Write your message.',
        consent: 'An enquiry cannot be sent without consent to the processing of personal data.',
      },
    },
    documentCategoryNames: {
      'annual-reports': 'Annual reports',
      'financial-statements': 'Financial statements',
      disclosure: 'Disclosures',
      'shareholder-meetings': 'Shareholder meetings',
    },
    searchQueryLabel: 'What to find',
    searchDescription: (brand) => `Search the ${brand} site.`,
    searchHint: 'Type a word or a few words: the search finds them in any form, such as «report», «reports», «reporting».',
    nothingFound: 'Nothing found',
    nothingFoundHint: 'Check the spelling, try other or more general words, or leave some out.',
    found: 'Found: ',
    moreThan: (total) => `more than ${total}`,
    searchMessages: { empty: 'Type a word to search for.', tooLong: `A query of ${SEARCH_QUERY_MAX} characters at most.` },
  },
};
