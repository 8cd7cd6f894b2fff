import HistoryIcon from '@mui/icons-material/History';
import type { RaRecord } from 'react-admin';
import type { ResourceParts } from '../common/parts.js';
import { AuditLogList } from './AuditLogList.js';

const parts: ResourceParts = {
  list: AuditLogList,
  icon: HistoryIcon,
  recordRepresentation: (record: RaRecord) => `${String(record.action ?? '')} ${String(record.resource ?? '')}`,
};

export default parts;
