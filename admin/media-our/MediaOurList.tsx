import { ArticleList } from '../articles/ArticleList.js';

export const MediaOurList = () => <ArticleList />;
