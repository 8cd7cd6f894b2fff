import PermMediaIcon from '@mui/icons-material/PermMedia';
import type { RaRecord } from 'react-admin';
import type { ResourceEntry } from '../common/resourceEntry.js';

export default {
  icon: PermMediaIcon,
  recordRepresentation: (record: RaRecord) => String(record.name ?? ''),
  labels: {
    name: 'Файл медиатеки |||| Медиатека',
    fields: {
      id: 'ID',
      folder_id: 'Папка',
      folder_name: 'Папка',
      kind: 'Тип',
      format: 'Формат',
      name: 'Название',
      alt: 'Описание изображения (alt)',
      caption: 'Подпись',
      size: 'Размер',
      width: 'Ширина',
      height: 'Высота',
      focal_x: 'Точка фокуса по горизонтали',
      focal_y: 'Точка фокуса по вертикали',
      uses: 'Использований',
      created_at: 'Загружен',
      created_from: 'Загружены с',
      created_to: 'Загружены по',
      q: 'Поиск',
    },
  },
  list: async () => (await import('./AssetLibrary.js')).AssetLibrary,
  edit: () => import('./index.js'),
} satisfies ResourceEntry;
