import PhotoLibraryIcon from '@mui/icons-material/PhotoLibrary';
import { recordTitle, type ResourceEntry } from '../common/resourceEntry.js';

export default {
  icon: PhotoLibraryIcon,
  recordRepresentation: recordTitle,
  labels: {
    name: 'Фотография |||| Фотографии',
    fields: {
      id: 'ID',
      category_id: 'Категория',
      title: 'Название',
      image: 'Фотография',
      image_alt: 'Описание изображения (alt)',
      size: 'Размер файла',
      position: 'Порядок',
      q: 'Поиск',
    },
  },
  list: async () => (await import('./PhotoList.js')).PhotoList,
  edit: () => import('./index.js'),
} satisfies ResourceEntry;
