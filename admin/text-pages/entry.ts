import DescriptionIcon from '@mui/icons-material/Description';
import type { ResourceEntry } from '../common/resourceEntry.js';

export default {
  icon: DescriptionIcon,
  recordRepresentation: (record) => String(record.title ?? record.identifier ?? ''),
  labels: {
    name: 'Текстовая страница |||| Текстовые страницы',
    fields: {
      id: 'ID',
      identifier: 'Идентификатор (адрес)',
      section: 'Раздел',
      title: 'Заголовок',
      content: 'Содержание',
      form: 'Форма под текстом',
      seo_title: 'SEO-заголовок',
      seo_description: 'SEO-описание',
      updated_at: 'Изменено',
      q: 'Поиск',
    },
  },
  list: async () => (await import('./TextPageList.js')).TextPageList,
  edit: () => import('./index.js'),
} satisfies ResourceEntry;
