import { defineResource } from './descriptor.js';
import { requiredText, text } from './fields.js';

/** The topics a visitor picks in the feedback form, edited by a MANAGER, in their order. */
export const enquiryTopics = defineResource({
  name: 'enquiry-topics',
  table: 'enquiry_topics',
  role: 'MANAGER',
  api: 'rest',
  fields: {
    title: requiredText(200),
    position: { kind: 'integer', min: 0, max: 1_000_000 },
  },
  list: { sortable: ['title', 'position'], searchable: ['title'], filters: {}, defaultSort: ['position', 'ASC'], columns: ['title', 'position', 'version'] },
  menu: 'site',
  demo: {
    records: [
      { title: 'Вопрос о займе', position: 1 },
      { title: 'Сотрудничество', position: 2 },
      { title: 'Другое', position: 3 },
    ],
  },
});

/** Where an enquiry stands: staff take it into work and close it. */
export const ENQUIRY_STATUSES = [
  { id: 'new', name: 'Новое' },
  { id: 'in_progress', name: 'В работе' },
  { id: 'closed', name: 'Закрыто' },
] as const;

/**
 * Visitors' enquiries from the feedback form, each with the proof of the consent it was sent with (the exact text's
 * version, the time, the IP and the browser). They come from the site only: staff read them and change their status
 * and note; a MANAGER erases a person's enquiries on request.
 */
export const enquiries = defineResource({
  name: 'enquiries',
  table: 'enquiries',
  role: 'USER',
  api: 'update',
  timestamps: true,
  fields: {
    status: { kind: 'choice', required: true, choices: ENQUIRY_STATUSES },
    note: text(4000, { multiline: true }),
  },
  list: {
    sortable: ['created_at', 'status', 'topic_id', 'name', 'email', 'phone'],
    searchable: ['name', 'email', 'phone', 'message'],
    filters: { status: 'text', topic_id: 'int', created_on: 'text' },
    defaultSort: ['created_at', 'DESC'],
    columns: ['created_at', 'status', 'topic_title', 'name', 'email', 'phone', 'version'],
  },
  menu: 'content',
});
