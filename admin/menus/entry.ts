import MenuIcon from '@mui/icons-material/Menu';
import { recordTitle, type ResourceEntry } from '../common/resourceEntry.js';

export default {
  icon: MenuIcon,
  recordRepresentation: recordTitle,
  labels: {
    name: 'Пункт меню |||| Меню',
    fields: {
      id: 'ID',
      parent_id: 'Родительский пункт',
      kind: 'Меню',
      title: 'Название',
      url: 'Ссылка',
      position: 'Порядок',
      q: 'Поиск',
    },
  },
  list: async () => (await import('./MenuList.js')).MenuList,
  edit: () => import('./index.js'),
} satisfies ResourceEntry;
