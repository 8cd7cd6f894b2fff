import ShareIcon from '@mui/icons-material/Share';
import type { RaRecord } from 'react-admin';
import { NetworkCreate } from './NetworkCreate.js';
import { NetworkEdit } from './NetworkEdit.js';
import { NetworkList } from './NetworkList.js';

export default {
  list: NetworkList,
  edit: NetworkEdit,
  create: NetworkCreate,
  icon: ShareIcon,
  recordRepresentation: (record: RaRecord) => String(record.title ?? ''),
};
