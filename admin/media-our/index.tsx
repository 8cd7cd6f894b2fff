import ArticleIcon from '@mui/icons-material/Article';
import type { RaRecord } from 'react-admin';
import { MediaOurCreate } from './MediaOurCreate.js';
import { MediaOurEdit } from './MediaOurEdit.js';
import { MediaOurList } from './MediaOurList.js';

export default {
  list: MediaOurList,
  edit: MediaOurEdit,
  create: MediaOurCreate,
  icon: ArticleIcon,
  recordRepresentation: (record: RaRecord) => String(record.title ?? ''),
};
