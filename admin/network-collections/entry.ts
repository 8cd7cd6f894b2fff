import ShareIcon from '@mui/icons-material/Share';
import { recordTitle, type ResourceEntry } from '../common/resourceEntry.js';

export default {
  icon: ShareIcon,
  recordRepresentation: recordTitle,
  labels: {
    name: 'Соцсеть |||| Социальные сети',
    fields: {
      id: 'ID',
      title: 'Название',
      url: 'Ссылка',
      icon: 'Значок',
      position: 'Порядок',
      q: 'Поиск',
    },
  },
  list: async () => (await import('./NetworkList.js')).NetworkList,
  edit: () => import('./index.js'),
} satisfies ResourceEntry;
