import DescriptionIcon from '@mui/icons-material/Description';
import type { RaRecord } from 'react-admin';
import type { ResourceParts } from '../common/parts.js';
import { TextPageForm } from './TextPageForm.js';
import { TextPageList } from './TextPageList.js';

const parts: ResourceParts = {
  list: TextPageList,
  form: TextPageForm,
  icon: DescriptionIcon,
  recordRepresentation: (record: RaRecord) => String(record.title ?? record.identifier ?? ''),
};

export default parts;
