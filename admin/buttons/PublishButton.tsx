import PublishIcon from '@mui/icons-material/Publish';
import { SaveButton, useNotify, useRedirect, useResourceContext, type RaRecord } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { formatDateTime } from '../common/dateTime.js';

const isFuture = (value: unknown): value is string => typeof value === 'string' && Date.parse(value) > Date.now();

/** A draft published now, or on its publication moment when the editor set one still to come. */
export const publishNow = (data: RaRecord): RaRecord => ({
  ...data,
  published: 1,
  public_at: isFuture(data.public_at) ? data.public_at : new Date().toISOString(),
});

/**
 * «Опубликовать» on a draft (`published` off): saves the form published, now or on its future publication moment,
 * and says which («Опубликовано» or «Запланировано на …»).
 */
export const PublishButton = () => {
  const notify = useNotify();
  const redirect = useRedirect();
  const resource = useResourceContext();
  const published: unknown = useWatch({ name: 'published' });
  if (Number(published) === 1) return null;
  const onSuccess = (data: RaRecord) => {
    if (isFuture(data.public_at)) notify('app.notification.scheduled', { type: 'info', messageArgs: { at: formatDateTime(data.public_at) } });
    else notify('app.notification.published', { type: 'info' });
    redirect('list', resource);
  };
  return <SaveButton type="button" alwaysEnable label="app.action.publish" icon={<PublishIcon />} transform={publishNow} mutationOptions={{ onSuccess }} />;
};
