import RssFeedIcon from '@mui/icons-material/RssFeed';
import type { ResourceEntry } from '../common/resourceEntry.js';

export default {
  icon: RssFeedIcon,
  recordRepresentation: (record) => String(record.name ?? ''),
  labels: {
    name: 'Источник |||| Источники СМИ',
    fields: {
      id: 'ID',
      name: 'Название',
      url: 'Сайт',
      logo: 'Логотип',
      active: 'Активен',
      q: 'Поиск',
    },
  },
  list: async () => (await import('./MediaSourceList.js')).MediaSourceList,
  edit: () => import('./index.js'),
} satisfies ResourceEntry;
