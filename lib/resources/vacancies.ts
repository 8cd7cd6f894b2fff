import { defineResource, pageAt } from './descriptor.js';
import { date, flag, html, requiredText } from './fields.js';

/** A monthly salary in roubles before tax; the upper end never below the lower one. */
const SALARY = { kind: 'integer', min: 0, max: 100_000_000 } as const;

/** Open positions: a list at /karera filtered by city, a page for each, found by the site's search. */
export const vacancies = defineResource({
  name: 'vacancies',
  table: 'vacancies',
  role: 'USER',
  api: 'rest',
  timestamps: true,
  fields: {
    title: requiredText(300, { typography: true, localized: true }),
    slug: { kind: 'slug', max: 120, from: 'title', localized: true },
    city: requiredText(100),
    salary_from: SALARY,
    salary_to: { ...SALARY, notBelow: 'salary_from' },
    employment: {
      kind: 'choice',
      required: true,
      choices: [
        { id: 'full', name: 'Полная занятость' },
        { id: 'part', name: 'Частичная занятость' },
        { id: 'project', name: 'Проектная работа' },
        { id: 'internship', name: 'Стажировка' },
      ],
    },
    description: html({ typography: true, localized: true }),
    public_at: date({ required: true }),
    unpublish_at: date({ after: 'public_at' }),
    published: flag(1),
  },
  list: {
    sortable: ['title', 'slug', 'city', 'salary_from', 'salary_to', 'employment', 'public_at', 'published', 'created_at', 'updated_at'],
    searchable: ['title', 'city'],
    filters: { city: 'text', employment: 'text', published: 'int' },
    defaultSort: ['public_at', 'DESC'],
    columns: ['title', 'city', 'salary_from', 'salary_to', 'employment', 'public_at', 'published', 'version'],
  },
  menu: 'content',
  trash: true,
  revisions: true,
  drafts: true,
  search: { fields: ['title', 'city', 'description'], kind: 'Вакансия', kindIn: { en: 'Vacancy' } },
  public: {
    list: {
      path: '/karera',
      api: 'vacancies',
      perPage: 10,
      filters: ['city'],
      fields: ['title', 'slug', 'city', 'salary_from', 'salary_to', 'employment', 'public_at'],
    },
    page: { ...pageAt('/karera/{slug}'), fields: ['title', 'slug', 'city', 'salary_from', 'salary_to', 'employment', 'description', 'public_at'] },
    feed: {
      path: '/karera/rss.xml',
      name: { ru: 'Вакансии', en: 'Vacancies' },
      description: { ru: 'Открытые вакансии компании {brand}: город, зарплата и условия работы.', en: 'Open positions at {brand}: city, salary and terms.' },
      itemTitle: 'title',
      summary: 'city',
    },
  },
  demo: {
    records: [
      {
        title: 'Инженер-проектировщик',
        city: 'Москва',
        salary_from: 150000,
        salary_to: 220000,
        employment: 'full',
        description: '<p>Проектирование инженерных систем объектов компании.</p>',
      },
      {
        title: 'Бухгалтер по расчётам',
        city: 'Санкт-Петербург',
        salary_from: 90000,
        salary_to: null,
        employment: 'full',
        description: '<p>Расчёты с поставщиками и подрядчиками, сверки.</p>',
      },
      {
        title: 'Стажёр-аналитик',
        city: 'Москва',
        salary_from: null,
        salary_to: null,
        employment: 'internship',
        description: '<p>Стажировка в отделе аналитики на три месяца.</p>',
      },
    ],
    footerLink: { title: 'Карьера', url: '/karera' },
  },
});
