import WorkIcon from '@mui/icons-material/Work';
import { recordTitle, type ResourceEntry } from '../common/resourceEntry.js';

export default {
  icon: WorkIcon,
  recordRepresentation: recordTitle,
  labels: {
    name: 'Вакансия |||| Вакансии',
    fields: {
      id: 'ID',
      title: 'Должность',
      slug: 'Адрес (slug)',
      city: 'Город',
      salary_from: 'Зарплата от, ₽',
      salary_to: 'Зарплата до, ₽',
      employment: 'Занятость',
      description: 'Описание',
      public_at: 'Дата публикации',
      unpublish_at: 'Снять с публикации',
      published: 'Опубликовано',
      created_at: 'Создано',
      updated_at: 'Изменено',
      q: 'Поиск',
    },
  },
  list: async () => (await import('./VacancyList.js')).VacancyList,
  edit: () => import('./index.js'),
} satisfies ResourceEntry;
