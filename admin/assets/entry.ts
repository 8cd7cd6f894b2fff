import PermMediaIcon from '@mui/icons-material/PermMedia';
import type { RaRecord } from 'react-admin';
import type { ResourceEntry } from '../common/resourceEntry.js';

export default {
  icon: PermMediaIcon,
  recordRepresentation: (record: RaRecord) => String(record.name ?? ''),
  labels: {
    name: 'Файл медиатеки |||| Медиатека',
    fields: {
      folder_id: 'Папка',
      kind: 'Тип',
      format: 'Формат',
      name: 'Название',
      alt: 'Описание изображения (alt)',
      caption: 'Подпись',
    },
  },
  list: async () => (await import('./AssetLibrary.js')).AssetLibrary,
  edit: () => import('./index.js'),
} satisfies ResourceEntry;
