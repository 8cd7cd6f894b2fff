import SourceIcon from '@mui/icons-material/RssFeed';
import type { RaRecord } from 'react-admin';
import type { ResourceParts } from '../common/parts.js';
import { MediaSourceForm } from './MediaSourceForm.js';
import { MediaSourceList } from './MediaSourceList.js';

const parts: ResourceParts = {
  list: MediaSourceList,
  form: MediaSourceForm,
  icon: SourceIcon,
  recordRepresentation: (record: RaRecord) => String(record.name ?? ''),
};

export default parts;
