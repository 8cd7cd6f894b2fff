import CollectionsIcon from '@mui/icons-material/Collections';
import { recordTitle, type ResourceEntry } from '../common/resourceEntry.js';

export default {
  icon: CollectionsIcon,
  recordRepresentation: recordTitle,
  labels: {
    name: 'Группа |||| Группы фотобанка',
    fields: {
      id: 'ID',
      kind: 'Вид',
      title: 'Название',
      position: 'Порядок',
      categories: 'Категории',
    },
  },
  list: async () => (await import('./GroupList.js')).GroupList,
} satisfies ResourceEntry;
