import HistoryIcon from '@mui/icons-material/History';
import type { ResourceEntry } from '../common/resourceEntry.js';

export default {
  icon: HistoryIcon,
  recordRepresentation: (record) => String(record.record_title ?? record.record_id ?? ''),
  labels: {
    name: 'Запись журнала |||| Журнал действий',
    fields: {
      id: 'ID',
      user_id: 'ID пользователя',
      user_email: 'Пользователь',
      action: 'Действие',
      resource: 'Раздел',
      record_id: 'ID записи',
      record_title: 'Запись',
      ip: 'IP-адрес',
      created_at: 'Время',
      q: 'Поиск',
    },
  },
  list: async () => (await import('./AuditLogList.js')).AuditLogList,
} satisfies ResourceEntry;
