import CollectionsIcon from '@mui/icons-material/Collections';
import type { RaRecord } from 'react-admin';
import { GroupList } from './GroupList.js';

export default {
  list: GroupList,
  edit: undefined,
  create: undefined,
  icon: CollectionsIcon,
  recordRepresentation: (record: RaRecord) => String(record.title ?? ''),
};
