import { Create } from 'react-admin';
import { ArticleForm } from '../articles/ArticleForm.js';

export const MediaOurCreate = () => (
  <Create redirect="list">
    <ArticleForm />
  </Create>
);
