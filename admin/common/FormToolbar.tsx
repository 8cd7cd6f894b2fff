import type { ReactNode } from 'react';
import { SaveButton, Toolbar, useRecordContext } from 'react-admin';
import { PublishButton } from '../buttons/PublishButton.js';
import { RemoveButton } from '../buttons/RemoveButton.js';
import { SaveAndContinueButton } from '../buttons/SaveAndContinueButton.js';

/**
 * The buttons under every resource form: «Сохранить» (then the list), «Сохранить и продолжить», «Опубликовать» on
 * a draft of a resource that publishes, and removal of a stored record (`RemoveButton`, or the form's own `remove`).
 */
export const FormToolbar = ({ publishes, remove }: { publishes: boolean; remove?: ReactNode }) => {
  const record = useRecordContext();
  return (
    <Toolbar sx={{ gap: 1, flexWrap: 'wrap' }}>
      <SaveButton />
      <SaveAndContinueButton />
      {publishes && <PublishButton />}
      {record?.id !== undefined && (remove ?? <RemoveButton sx={{ ml: 'auto' }} />)}
    </Toolbar>
  );
};
