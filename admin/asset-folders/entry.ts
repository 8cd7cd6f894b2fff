import FolderIcon from '@mui/icons-material/Folder';
import type { RaRecord } from 'react-admin';
import type { ResourceEntry } from '../common/resourceEntry.js';

export default {
  icon: FolderIcon,
  recordRepresentation: (record: RaRecord) => String(record.name ?? ''),
  labels: {
    name: 'Папка медиатеки |||| Папки медиатеки',
    fields: {
      id: 'ID',
      name: 'Название',
      parent_id: 'Внутри папки',
      created_at: 'Создана',
      updated_at: 'Изменена',
      q: 'Поиск',
    },
  },
  list: async () => (await import('./FolderList.js')).FolderList,
  edit: () => import('./index.js'),
} satisfies ResourceEntry;
