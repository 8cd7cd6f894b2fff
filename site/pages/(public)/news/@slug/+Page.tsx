import { useData } from 'vike-react/useData';
import type { ArticlePageData } from '../../../../articleData.js';
import { ArticleView } from '../../../../components/ArticleView.js';

export function Page() {
  return <ArticleView data={useData<ArticlePageData>()} />;
}
