import { Edit, TopToolbar, ListButton } from 'react-admin';
import { FixButton, UnfixButton } from '../buttons/index.js';
import { MediaVideoForm } from './MediaVideoForm.js';

const Actions = () => (
  <TopToolbar>
    <FixButton />
    <UnfixButton />
    <ListButton />
  </TopToolbar>
);

export const MediaVideoEdit = () => (
  <Edit mutationMode="pessimistic" redirect="list" actions={<Actions />}>
    <MediaVideoForm />
  </Edit>
);
