import HistoryIcon from '@mui/icons-material/History';
import type { ResourceEntry } from '../common/resourceEntry.js';

export default {
  icon: HistoryIcon,
  recordRepresentation: (record) => `${String(record.action ?? '')} ${String(record.resource ?? '')}`,
  labels: {
    name: 'Запись журнала |||| Журнал действий',
    fields: {
      id: 'ID',
      user_id: 'ID пользователя',
      user_email: 'Пользователь',
      action: 'Действие',
      resource: 'Раздел',
      record_id: 'ID записи',
      ip: 'IP-адрес',
      created_at: 'Время',
      q: 'Поиск',
    },
  },
  list: async () => (await import('./AuditLogList.js')).AuditLogList,
} satisfies ResourceEntry;
