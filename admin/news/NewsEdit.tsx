import { Edit } from 'react-admin';
import { ArticleForm } from '../articles/ArticleForm.js';

/** Saves pessimistically: the form waits for the server's answer; the image can be removed on its own. */
export const NewsEdit = () => (
  <Edit mutationMode="pessimistic" redirect="list">
    <ArticleForm removableImage />
  </Edit>
);
