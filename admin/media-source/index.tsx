import SourceIcon from '@mui/icons-material/RssFeed';
import type { RaRecord } from 'react-admin';
import { MediaSourceCreate } from './MediaSourceCreate.js';
import { MediaSourceEdit } from './MediaSourceEdit.js';
import { MediaSourceList } from './MediaSourceList.js';

export default {
  list: MediaSourceList,
  edit: MediaSourceEdit,
  create: MediaSourceCreate,
  icon: SourceIcon,
  recordRepresentation: (record: RaRecord) => String(record.name ?? ''),
};
