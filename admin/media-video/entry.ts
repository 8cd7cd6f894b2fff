import VideoLibraryIcon from '@mui/icons-material/VideoLibrary';
import { recordTitle, type ResourceEntry } from '../common/resourceEntry.js';

export default {
  icon: VideoLibraryIcon,
  recordRepresentation: recordTitle,
  labels: {
    name: 'Видео |||| Видео',
    fields: {
      id: 'ID',
      title: 'Заголовок',
      lead: 'Описание',
      video_url: 'Ссылка на видео (YouTube, RUTUBE)',
      preview: 'Обложка',
      public_at: 'Дата публикации',
      unpublish_at: 'Снять с публикации',
      published: 'Опубликовано',
      fixed: 'Закреплено',
      fixed_order: 'Порядок',
      created_at: 'Создано',
      updated_at: 'Изменено',
      q: 'Поиск',
    },
  },
  list: async () => (await import('./MediaVideoList.js')).MediaVideoList,
  edit: () => import('./index.js'),
} satisfies ResourceEntry;
