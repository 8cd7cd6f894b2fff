import FolderIcon from '@mui/icons-material/Folder';
import type { RaRecord } from 'react-admin';
import type { ResourceParts } from '../common/parts.js';
import { CategoryForm } from './CategoryForm.js';
import { CategoryList } from './CategoryList.js';

const parts: ResourceParts = {
  list: CategoryList,
  form: CategoryForm,
  icon: FolderIcon,
  recordRepresentation: (record: RaRecord) => String(record.title ?? ''),
};

export default parts;
