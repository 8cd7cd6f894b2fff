import PublishIcon from '@mui/icons-material/Publish';
import SendIcon from '@mui/icons-material/Send';
import { useQueryClient } from '@tanstack/react-query';
import { SaveButton, useDataProvider, useNotify, useRedirect, useResourceContext, type RaRecord } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { draftOf, type AdminDataProvider } from '../../dataProvider/index.js';
import { replaceRecordInCache } from '../cache.js';
import { formatDateTime } from '../common/dateTime.js';

const isFuture = (value: unknown): value is string => typeof value === 'string' && Date.parse(value) > Date.now();

const isSet = (value: unknown): boolean => value !== null && value !== undefined && value !== '';

/**
 * A draft with `published` on. The publication moment is the editor's: the one the form shows stays as it is (a
 * moment to come schedules the item), and only a form without any gets the moment of the click.
 */
export const publishNow = (data: RaRecord): RaRecord => ({
  ...data,
  published: 1,
  public_at: isSet(data.public_at) ? data.public_at : new Date().toISOString(),
});

/**
 * What a click did, as the server's answer shows it: the item went live, or waits for its moment, or (for an author
 * whose publications a MANAGER reviews) its publication waits as a draft, which is then sent for review. Answers the
 * toast's key and arguments; the record after sending is put in the cache.
 */
const useOutcome = () => {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const queryClient = useQueryClient();
  const resource = useResourceContext() ?? '';
  return async (data: RaRecord): Promise<[string, Record<string, unknown>]> => {
    if (Number(data.published) === 1) {
      return isFuture(data.public_at) ? ['app.notification.scheduled', { at: formatDateTime(data.public_at) }] : ['app.notification.published', {}];
    }
    if (!draftOf(data)) return ['app.notification.not_published', {}];
    const sent = await dataProvider.submitDraft(resource, { id: data.id, previousData: data });
    replaceRecordInCache(queryClient, resource, sent.data);
    return ['app.notification.submitted_for_review', {}];
  };
};

/**
 * «Опубликовать» on a draft (`published` off): saves the form published, now or on its future publication moment,
 * and says which («Опубликовано» or «Запланировано на …»). An author whose changes a MANAGER reviews cannot publish:
 * the button is «Отправить на согласование», the same save becomes the item's draft on the server, and that draft is
 * sent for review; the toast says so and nothing is published. `reviewed` says whose: the record's `review_required`,
 * or for a new record the site's settings.
 */
export const PublishButton = ({ reviewed }: { reviewed: boolean }) => {
  const notify = useNotify();
  const redirect = useRedirect();
  const resource = useResourceContext();
  const outcome = useOutcome();
  const published: unknown = useWatch({ name: 'published' });
  if (Number(published) === 1) return null;
  const onSuccess = async (data: RaRecord) => {
    try {
      const [message, messageArgs] = await outcome(data);
      notify(message, { type: message === 'app.notification.not_published' ? 'warning' : 'info', messageArgs });
      redirect('list', resource);
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : 'ra.notification.http_error';
      notify(message, { type: 'error', messageArgs: { _: message } });
    }
  };
  return (
    <SaveButton
      type="button"
      alwaysEnable
      label={reviewed ? 'app.action.submit_for_review' : 'app.action.publish'}
      icon={reviewed ? <SendIcon /> : <PublishIcon />}
      transform={publishNow}
      mutationOptions={{ onSuccess: (data: RaRecord) => void onSuccess(data) }}
    />
  );
};
