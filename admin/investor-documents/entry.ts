import FolderOpenIcon from '@mui/icons-material/FolderOpen';
import { recordTitle, type ResourceEntry } from '../common/resourceEntry.js';

export default {
  icon: FolderOpenIcon,
  recordRepresentation: recordTitle,
  labels: {
    name: 'Документ для инвесторов |||| Документы для инвесторов',
    fields: {
      id: 'ID',
      title: 'Название',
      category: 'Категория',
      year: 'Год',
      public_at: 'Дата публикации',
      unpublish_at: 'Снять с публикации',
      published: 'Опубликовано',
      file: 'Файл (PDF, DOCX, XLSX или ZIP, до 50 МБ)',
      created_at: 'Создано',
      updated_at: 'Изменено',
      q: 'Поиск',
    },
    current_file: 'Текущий файл',
    file_drop: 'Перетащите файл сюда или нажмите, чтобы выбрать',
  },
  list: async () => (await import('./InvestorDocumentList.js')).InvestorDocumentList,
  edit: () => import('./index.js'),
} satisfies ResourceEntry;
