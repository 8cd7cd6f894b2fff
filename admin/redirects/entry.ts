import TurnRightIcon from '@mui/icons-material/TurnRight';
import type { ResourceEntry } from '../common/resourceEntry.js';

export default {
  icon: TurnRightIcon,
  recordRepresentation: (record) => String(record.from_path ?? ''),
  labels: {
    name: 'Перенаправление |||| Перенаправления',
    fields: {
      id: 'ID',
      from_path: 'Старый адрес',
      to_path: 'Новый адрес',
      updated_at: 'Изменено',
      q: 'Поиск',
    },
  },
  list: async () => (await import('./RedirectList.js')).RedirectList,
  edit: () => import('./index.js'),
} satisfies ResourceEntry;
