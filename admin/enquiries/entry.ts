import MailIcon from '@mui/icons-material/Mail';
import type { ResourceEntry } from '../common/resourceEntry.js';

export default {
  icon: MailIcon,
  recordRepresentation: (record) => `№${String(record.id)} ${String(record.name ?? '')}`,
  labels: {
    name: 'Обращение |||| Обращения',
    fields: {
      id: '№',
      status: 'Статус',
      note: 'Заметка',
      topic_id: 'Тема',
      topic_title: 'Тема',
      name: 'Имя',
      email: 'Почта',
      phone: 'Телефон',
      created_at: 'Получено',
      created_on: 'Дата',
      q: 'Поиск',
    },
  },
  list: async () => (await import('./EnquiryList.js')).EnquiryList,
  edit: () => import('./index.js'),
} satisfies ResourceEntry;
