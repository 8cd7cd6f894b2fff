import HistoryIcon from '@mui/icons-material/History';
import type { ResourceEntry } from '../common/resourceEntry.js';
import { AUDIT_ACTIONS, AUDIT_SUBJECTS } from '../i18n/audit.js';

export default {
  icon: HistoryIcon,
  recordRepresentation: (record) => `${AUDIT_ACTIONS[String(record.action)] ?? String(record.action ?? '')} ${String(record.record_title ?? '')}`.trim(),
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
    actions: AUDIT_ACTIONS,
    subjects: AUDIT_SUBJECTS,
  },
  list: async () => (await import('./AuditLogList.js')).AuditLogList,
} satisfies ResourceEntry;
