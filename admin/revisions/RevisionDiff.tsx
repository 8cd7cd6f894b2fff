import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useTranslate, type RaRecord } from 'react-admin';
import type { RevisionSummary } from '@lib/revisions.js';
import type { AdminDataProvider } from '../../dataProvider/index.js';
import { carries, comparedFieldLabel, comparedFieldsOf, valueAt } from '../translations/values.js';
import { readableValue, versionLabel } from './values.js';
import { WordDiff } from './WordDiff.js';

/** A version to compare: one kept in the history, or the record as it is now. */
type Version = number | 'current';

interface RevisionDiffProps {
  resource: string;
  record: RaRecord;
  /** The entries of the record's history read so far, newest first. */
  history: readonly RevisionSummary[];
  /** The version the diff opens with; it is compared with the version after it. */
  initial: number;
  onClose: () => void;
}

/** The values of a version: fetched for a kept one, the edit screen's record for the current one. */
function useVersionValues(resource: string, record: RaRecord, version: Version) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const query = useQuery({
    queryKey: [resource, 'revision', record.id, version],
    queryFn: async () => (await dataProvider.getRevision(resource, { id: record.id, revisionId: version })).data.values,
    enabled: version !== 'current',
    staleTime: Infinity,
  });
  return version === 'current' ? { values: record as Record<string, unknown>, error: null } : { values: query.data, error: query.error };
}

/**
 * Two versions side by side as words removed and added, field by field (only the fields that differ). Either
 * version can be chosen: a kept one or the current record.
 */
export const RevisionDiff = ({ resource, record, history, initial, onClose }: RevisionDiffProps) => {
  const translate = useTranslate();
  const index = history.findIndex((entry) => entry.id === initial);
  const [from, setFrom] = useState<Version>(initial);
  const [to, setTo] = useState<Version>(index > 0 ? (history[index - 1]?.id ?? 'current') : 'current');
  const before = useVersionValues(resource, record, from);
  const after = useVersionValues(resource, record, to);
  const fields = comparedFieldsOf(resource);

  const labelOf = (version: Version) => {
    if (version === 'current') return translate('app.revisions.current');
    const entry = history.find((candidate) => candidate.id === version);
    return entry ? versionLabel(translate, entry) : String(version);
  };
  const picker = (label: string, value: Version, onChange: (version: Version) => void) => (
    <TextField
      select
      size="small"
      label={translate(label)}
      value={String(value)}
      onChange={(event) => onChange(event.target.value === 'current' ? 'current' : Number(event.target.value))}
      sx={{ minWidth: 260 }}
    >
      <MenuItem value="current">{labelOf('current')}</MenuItem>
      {history.map((entry) => (
        <MenuItem key={entry.id} value={String(entry.id)}>
          {labelOf(entry.id)}
        </MenuItem>
      ))}
    </TextField>
  );

  const [beforeValues, afterValues] = [before.values, after.values];
  const differing =
    beforeValues && afterValues
      ? Object.keys(fields)
          .filter((name) => carries(beforeValues, name) && carries(afterValues, name))
          .map((name) => ({
            name,
            before: readableValue(fields[name], valueAt(beforeValues, name), translate),
            after: readableValue(fields[name], valueAt(afterValues, name), translate),
          }))
          .filter((field) => field.before !== field.after)
      : [];
  const ready = beforeValues && afterValues;

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="revision-diff-title">
      <DialogTitle id="revision-diff-title">{translate('app.revisions.diff_title')}</DialogTitle>
      <DialogContent dividers>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, pt: 1 }}>
          {picker('app.revisions.from', from, setFrom)}
          {picker('app.revisions.to', to, setTo)}
        </Stack>
        {(before.error || after.error) && <Typography color="error">{translate('app.revisions.load_failed')}</Typography>}
        {!ready && !before.error && !after.error && <LinearProgress aria-label={translate('app.revisions.loading')} />}
        {ready && differing.length === 0 && <Typography>{translate('app.revisions.no_difference')}</Typography>}
        {differing.map((field) => (
          <Box component="section" key={field.name} sx={{ mb: 2 }} data-testid={`diff-${field.name}`}>
            <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
              {comparedFieldLabel(translate, resource, field.name)}
            </Typography>
            <WordDiff before={field.before} after={field.after} />
          </Box>
        ))}
        <Typography variant="body2" color="text.secondary">
          {translate('app.revisions.files_note')}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('app.revisions.close')}</Button>
      </DialogActions>
    </Dialog>
  );
};
