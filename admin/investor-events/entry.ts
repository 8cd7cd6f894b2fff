import EventNoteIcon from '@mui/icons-material/EventNote';
import { recordTitle, type ResourceEntry } from '../common/resourceEntry.js';

export default {
  icon: EventNoteIcon,
  recordRepresentation: recordTitle,
  labels: {
    name: 'Событие календаря инвестора |||| Календарь инвестора',
    fields: {
      id: 'ID',
      title: 'Название',
      slug: 'Адрес (slug)',
      starts_at: 'Начало',
      ends_at: 'Окончание',
      place: 'Место',
      description: 'Описание',
      image: 'Изображение',
      image_alt: 'Описание изображения (alt)',
      public_at: 'Дата публикации',
      published: 'Опубликовано',
      created_at: 'Создано',
      updated_at: 'Изменено',
      q: 'Поиск',
    },
  },
  list: async () => (await import('./InvestorEventList.js')).InvestorEventList,
  edit: () => import('./index.js'),
} satisfies ResourceEntry;
