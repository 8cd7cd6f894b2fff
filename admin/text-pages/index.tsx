import DescriptionIcon from '@mui/icons-material/Description';
import type { RaRecord } from 'react-admin';
import { TextPageCreate } from './TextPageCreate.js';
import { TextPageEdit } from './TextPageEdit.js';
import { TextPageList } from './TextPageList.js';

export default {
  list: TextPageList,
  edit: TextPageEdit,
  create: TextPageCreate,
  icon: DescriptionIcon,
  recordRepresentation: (record: RaRecord) => String(record.title ?? record.identifier ?? ''),
};
