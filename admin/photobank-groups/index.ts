import CollectionsIcon from '@mui/icons-material/Collections';
import type { RaRecord } from 'react-admin';
import type { ResourceParts } from '../common/parts.js';
import { GroupList } from './GroupList.js';

const parts: ResourceParts = {
  list: GroupList,
  icon: CollectionsIcon,
  recordRepresentation: (record: RaRecord) => String(record.title ?? ''),
};

export default parts;
