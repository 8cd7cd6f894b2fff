import NewspaperIcon from '@mui/icons-material/Newspaper';
import type { RaRecord } from 'react-admin';
import { NewsCreate } from './NewsCreate.js';
import { NewsEdit } from './NewsEdit.js';
import { NewsList } from './NewsList.js';

export default {
  list: NewsList,
  edit: NewsEdit,
  create: NewsCreate,
  icon: NewspaperIcon,
  recordRepresentation: (record: RaRecord) => String(record.title ?? ''),
};
