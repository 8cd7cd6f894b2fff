import { Chip } from '@mui/material';
import { useState } from 'react';
import { BulkExportButton, DateField, FunctionField, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import { formatMoney } from '@lib/money.js';
import { BulkRemoveButton } from '../buttons/RemoveButton.js';

export { formatFileSize } from '@lib/format.js';

/** A date and time in ru-RU. */
export const DateTimeField = ({ source, label }: { source: string; label?: string }) => (
  <DateField source={source} label={label} showTime locales="ru-RU" options={{ dateStyle: 'short', timeStyle: 'short' }} />
);

/** A record's moment in `source` as epoch milliseconds, or null when it has none. */
const momentOf = (record: RaRecord, source: string): number | null => (typeof record[source] === 'string' ? new Date(record[source]).getTime() : null);

/**
 * Published, draft, scheduled (published with a public_at still to come) or withdrawn (its unpublish_at has come); a
 * published record with a draft says so («Опубликовано · есть черновик»).
 */
export const StatusField = (_props: { label?: string; sortable?: boolean; sortBy?: string }) => {
  const record = useRecordContext();
  const translate = useTranslate();
  // The moment the row was shown: a publication after it is scheduled, a withdrawal before it done.
  const [now] = useState(() => Date.now());
  if (!record) return null;
  const published = Number(record.published) === 1;
  const [publicAt, unpublishAt] = [momentOf(record, 'public_at'), momentOf(record, 'unpublish_at')];
  const withdrawn = unpublishAt !== null && unpublishAt <= now;
  const scheduled = publicAt !== null && publicAt > now;
  const status = !published ? 'draft' : withdrawn ? 'withdrawn' : scheduled ? 'scheduled' : 'published';
  const colour = status === 'published' ? 'success' : status === 'scheduled' ? 'info' : status === 'withdrawn' ? 'warning' : 'default';
  const label = translate(`app.status.${status}`);
  // A published record with unpublished changes: visitors see the published version, the form the draft.
  return <Chip size="small" color={colour} label={published && record.has_draft ? `${label} · ${translate('app.status.has_draft')}` : label} />;
};

/** A whole number with digits grouped in threes (the money formatter, formatMoney). */
export const GroupedNumberField = ({ source, label }: { source: string; label?: string }) => (
  <FunctionField
    source={source}
    label={label}
    render={(record: RaRecord) => (record[source] === null || record[source] === undefined ? '' : formatMoney(String(record[source])))}
  />
);

/** Bulk actions of lists whose deletes are safe: export the selection, delete after a confirmation (pessimistic). */
export const SafeBulkActions = () => (
  <>
    <BulkExportButton />
    <BulkRemoveButton />
  </>
);

/** Bulk actions of lists where deleting in bulk is not safe: export only. */
export const ExportOnlyBulkActions = () => <BulkExportButton />;

/** Choices of a published filter. */
export const PUBLISHED_CHOICES = [
  { id: 1, name: 'app.filter.published' },
  { id: 0, name: 'app.filter.drafts' },
];
