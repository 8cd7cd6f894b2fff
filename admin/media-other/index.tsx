import LanguageIcon from '@mui/icons-material/Language';
import type { RaRecord } from 'react-admin';
import { MediaOtherCreate } from './MediaOtherCreate.js';
import { MediaOtherEdit } from './MediaOtherEdit.js';
import { MediaOtherList } from './MediaOtherList.js';

export default {
  list: MediaOtherList,
  edit: MediaOtherEdit,
  create: MediaOtherCreate,
  icon: LanguageIcon,
  recordRepresentation: (record: RaRecord) => String(record.title ?? ''),
};
