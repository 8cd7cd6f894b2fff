import InvestorDocumentIcon from '@mui/icons-material/FolderOpen';
import type { RaRecord } from 'react-admin';
import type { ResourceParts } from '../common/parts.js';
import { InvestorDocumentForm } from './InvestorDocumentForm.js';
import { InvestorDocumentList } from './InvestorDocumentList.js';

const parts: ResourceParts = {
  list: InvestorDocumentList,
  form: InvestorDocumentForm,
  icon: InvestorDocumentIcon,
  recordRepresentation: (record: RaRecord) => String(record.title ?? ''),
};

export default parts;
