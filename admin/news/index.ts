import NewspaperIcon from '@mui/icons-material/Newspaper';
import type { RaRecord } from 'react-admin';
import type { ResourceParts } from '../common/parts.js';
import { ArticleForm } from '../articles/ArticleForm.js';
import { NewsList } from './NewsList.js';

const parts: ResourceParts = {
  list: NewsList,
  form: ArticleForm,
  icon: NewspaperIcon,
  recordRepresentation: (record: RaRecord) => String(record.title ?? ''),
};

export default parts;
