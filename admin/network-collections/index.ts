import ShareIcon from '@mui/icons-material/Share';
import type { RaRecord } from 'react-admin';
import type { ResourceParts } from '../common/parts.js';
import { NetworkForm } from './NetworkForm.js';
import { NetworkList } from './NetworkList.js';

const parts: ResourceParts = {
  list: NetworkList,
  form: NetworkForm,
  icon: ShareIcon,
  recordRepresentation: (record: RaRecord) => String(record.title ?? ''),
};

export default parts;
