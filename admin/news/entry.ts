import NewspaperIcon from '@mui/icons-material/Newspaper';
import { articleFieldLabels } from '../articles/labels.js';
import { recordTitle, type ResourceEntry } from '../common/resourceEntry.js';

export default {
  icon: NewspaperIcon,
  recordRepresentation: recordTitle,
  labels: { name: 'Новость |||| Новости', fields: articleFieldLabels },
  list: async () => (await import('./NewsList.js')).NewsList,
  edit: () => import('./index.js'),
} satisfies ResourceEntry;
