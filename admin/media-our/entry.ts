import ArticleIcon from '@mui/icons-material/Article';
import { articleFieldLabels } from '../articles/labels.js';
import { recordTitle, type ResourceEntry } from '../common/resourceEntry.js';

export default {
  icon: ArticleIcon,
  recordRepresentation: recordTitle,
  labels: { name: 'Статья компании |||| Новости компании', fields: articleFieldLabels },
  list: async () => (await import('./MediaOurList.js')).MediaOurList,
  edit: () => import('./index.js'),
} satisfies ResourceEntry;
