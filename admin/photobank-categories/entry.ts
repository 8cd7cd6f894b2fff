import FolderIcon from '@mui/icons-material/Folder';
import { recordTitle, type ResourceEntry } from '../common/resourceEntry.js';

export default {
  icon: FolderIcon,
  recordRepresentation: recordTitle,
  labels: {
    name: 'Категория |||| Категории фотобанка',
    fields: {
      id: 'ID',
      group_id: 'Группа',
      title: 'Название',
      position: 'Порядок',
      q: 'Поиск',
    },
  },
  list: async () => (await import('./CategoryList.js')).CategoryList,
  edit: () => import('./index.js'),
} satisfies ResourceEntry;
