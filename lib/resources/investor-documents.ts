import { defineResource } from './descriptor.js';
import { date, flag, MB, requiredText } from './fields.js';
import type { ListItem } from './publicRecords.js';

/** The kinds of document of the investor section, in the order the public page lists them. */
export const INVESTOR_DOCUMENT_CATEGORIES = [
  { id: 'annual-reports', name: 'Годовые отчёты' },
  { id: 'financial-statements', name: 'Финансовая отчётность' },
  { id: 'disclosure', name: 'Раскрытие информации' },
  { id: 'shareholder-meetings', name: 'Собрания акционеров' },
] as const;

/** Documents a public company publishes for investors: reports, statements, disclosures, meeting materials. */
export const investorDocuments = defineResource({
  name: 'investor-documents',
  table: 'investor_documents',
  role: 'MANAGER',
  api: 'verbs',
  drafts: true,
  timestamps: true,
  fields: {
    title: requiredText(300, { typography: true, localized: true }),
    category: { kind: 'choice', required: true, choices: INVESTOR_DOCUMENT_CATEGORIES },
    year: { kind: 'integer', required: true, min: 1990, max: 2100 },
    public_at: date({ required: true }),
    unpublish_at: date({ after: 'public_at' }),
    published: flag(1),
    file: { kind: 'files', formats: ['pdf', 'docx', 'xlsx', 'zip'], maxBytes: 50 * MB, maxFiles: 1, required: true, missing: 'Выберите файл документа.' },
  },
  list: {
    sortable: ['title', 'category', 'year', 'public_at', 'published', 'created_at', 'updated_at'],
    searchable: ['title'],
    filters: { category: 'text', year: 'int', published: 'int' },
    defaultSort: ['public_at', 'DESC'],
    columns: ['title', 'category', 'year', 'file', 'public_at', 'published', 'version'],
  },
  menu: 'site',
  trash: true,
  public: {
    list: {
      path: '/investoram/dokumenty',
      api: 'investor-documents',
      perPage: 20,
      filters: ['category', 'year'],
      fields: ['title', 'category', 'year', 'public_at', 'file'],
    },
  },
  // The document itself: its download under the original name.
  search: { fields: ['title'], kind: 'Документ', kindIn: { en: 'Document' }, url: (record) => `/api/investor-documents/${String(record.id)}/file` },
  // Each example gets a small generated PDF named after its title; the newest first, a day apart.
  demo: {
    records: [
      { title: 'Сообщение о существенном факте: решения совета директоров', category: 'disclosure', year: 2025 },
      { title: 'Материалы к годовому общему собранию акционеров', category: 'shareholder-meetings', year: 2025 },
      { title: 'Годовой отчёт за 2025 год', category: 'annual-reports', year: 2025 },
      { title: 'Бухгалтерская отчётность по РСБУ за 2025 год', category: 'financial-statements', year: 2025 },
      { title: 'Консолидированная финансовая отчётность по МСФО за 2024 год', category: 'financial-statements', year: 2024 },
      { title: 'Годовой отчёт за 2024 год', category: 'annual-reports', year: 2024 },
    ],
  },
});

export type InvestorDocumentCategory = (typeof INVESTOR_DOCUMENT_CATEGORIES)[number]['id'];

/** An investor document as the public list answers it. */
export type InvestorDocument = ListItem<typeof investorDocuments>;
