import HistoryIcon from '@mui/icons-material/History';
import type { RaRecord } from 'react-admin';
import { AuditLogList } from './AuditLogList.js';

export default {
  list: AuditLogList,
  edit: undefined,
  create: undefined,
  icon: HistoryIcon,
  recordRepresentation: (record: RaRecord) => `${String(record.action ?? '')} ${String(record.resource ?? '')}`,
};
