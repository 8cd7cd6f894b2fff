import FolderIcon from '@mui/icons-material/Folder';
import type { RaRecord } from 'react-admin';
import { CategoryCreate } from './CategoryCreate.js';
import { CategoryEdit } from './CategoryEdit.js';
import { CategoryList } from './CategoryList.js';

export default {
  list: CategoryList,
  edit: CategoryEdit,
  create: CategoryCreate,
  icon: FolderIcon,
  recordRepresentation: (record: RaRecord) => String(record.title ?? ''),
};
