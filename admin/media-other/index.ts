import LanguageIcon from '@mui/icons-material/Language';
import type { RaRecord } from 'react-admin';
import type { ResourceParts } from '../common/parts.js';
import { MediaOtherForm } from './MediaOtherForm.js';
import { MediaOtherList } from './MediaOtherList.js';

const parts: ResourceParts = {
  list: MediaOtherList,
  form: MediaOtherForm,
  icon: LanguageIcon,
  recordRepresentation: (record: RaRecord) => String(record.title ?? ''),
};

export default parts;
