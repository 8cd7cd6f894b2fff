import type { Locale } from './locales.js';
import type { LowVisionScheme, LowVisionSize } from './lowVision.js';
import type { EnquiryResult } from './enquiry.js';
import type { MediaTabKey } from './site.js';
import { EN_TEXTS } from './siteTextsEn.js';
import { RU_TEXTS } from './siteTextsRu.js';

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

/** The version for the visually impaired: its switch in the header and its settings panel. */
export interface LowVisionTexts {
  /** The header's switch: its name contains «Версия для слабовидящих». */
  switch: string;
  panel: string;
  fontSize: string;
  sizes: Readonly<Record<LowVisionSize, string>>;
  colours: string;
  schemes: Readonly<Record<LowVisionScheme, string>>;
  images: string;
  imagesOn: string;
  imagesOff: string;
  spacing: string;
  spacingNormal: string;
  spacingWide: string;
  normalVersion: string;
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
  /** The name of the search page's own form, apart from the header's (two search landmarks need two names). */
  searchPageForm: string;
  searchDescription: (brand: string) => string;
  searchHint: string;
  nothingFound: string;
  nothingFoundHint: string;
  /** «Найдено: 12», «Найдено: более 500». */
  found: string;
  moreThan: (total: number) => string;
  /** Why a search query is refused: empty, or too long. */
  searchMessages: { empty: string; tooLong: string };
  lowVision: LowVisionTexts;
}

/** Every language's dictionary, for the server; the site's pages read theirs through site/i18n/texts.ts. */
export const TEXTS: Readonly<Record<Locale, SiteTexts>> = { ru: RU_TEXTS, en: EN_TEXTS };
