import FolderIcon from '@mui/icons-material/Folder';
import { recordTitle, type ResourceEntry } from '../common/resourceEntry.js';

export default {
  icon: FolderIcon,
  recordRepresentation: recordTitle,
  labels: {
    name: 'Тема обращений |||| Темы обращений',
    fields: {
      id: 'ID',
      title: 'Тема',
      position: 'Порядок',
      q: 'Поиск',
    },
  },
  list: async () => (await import('./TopicList.js')).TopicList,
  edit: () => import('./index.js'),
} satisfies ResourceEntry;
