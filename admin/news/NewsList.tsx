import { ArticleList } from '../articles/ArticleList.js';

export const NewsList = () => <ArticleList />;
