import ArticleIcon from '@mui/icons-material/Article';
import type { RaRecord } from 'react-admin';
import type { ResourceParts } from '../common/parts.js';
import { ArticleForm } from '../articles/ArticleForm.js';
import { MediaOurList } from './MediaOurList.js';

const parts: ResourceParts = {
  list: MediaOurList,
  form: ArticleForm,
  icon: ArticleIcon,
  recordRepresentation: (record: RaRecord) => String(record.title ?? ''),
};

export default parts;
