import LanguageIcon from '@mui/icons-material/Language';
import { recordTitle, type ResourceEntry } from '../common/resourceEntry.js';

export default {
  icon: LanguageIcon,
  recordRepresentation: recordTitle,
  labels: {
    name: 'Публикация в СМИ |||| СМИ о нас',
    fields: {
      id: 'ID',
      title: 'Заголовок',
      lead: 'Анонс',
      url: 'Ссылка на публикацию',
      source_id: 'Источник',
      public_at: 'Дата публикации',
      unpublish_at: 'Снять с публикации',
      published: 'Опубликовано',
      created_at: 'Создано',
      updated_at: 'Изменено',
      q: 'Поиск',
    },
  },
  list: async () => (await import('./MediaOtherList.js')).MediaOtherList,
  edit: () => import('./index.js'),
} satisfies ResourceEntry;
