import { Create } from 'react-admin';
import { ArticleForm } from '../articles/ArticleForm.js';

export const NewsCreate = () => (
  <Create redirect="list">
    <ArticleForm />
  </Create>
);
