import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, List, ListItem, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useDataProvider, useTranslate, type Identifier, type RaRecord } from 'react-admin';
import { isUpload } from '@lib/resources/index.js';
import { formatSavedAt, readableValue } from '../revisions/values.js';
import { withDraftValues } from '../drafts/values.js';
import { editorHtml } from '../richText/editorHtml.js';
import { comparedFieldLabel, comparedFieldsOf } from '../translations/values.js';
import { planMerge, type Conflict, type Overlap } from './merge.js';
import { OverlapChoice, type Resolution } from './OverlapChoice.js';

interface ConflictDialogProps {
  resource: string;
  id: Identifier;
  conflict: Conflict;
  /** The refused save was of the draft: what was saved meanwhile is the other editor's draft, compared as such. */
  asDraft?: boolean;
  /** Saves the merged values over the saved version; `overwrite` when the editor keeps all of theirs own. */
  onSave: (values: RaRecord, saved: RaRecord, overwrite: boolean) => void;
  /** Drops the editor's changes and shows the saved version. */
  onTakeSaved: (saved: RaRecord) => void;
  saving: boolean;
}

/**
 * What a save that came too late shows instead of an error: who saved meanwhile and when, the changes merged
 * without asking (a field only one of the two changed; rich text both changed in different blocks), and each place
 * both changed differently with both versions marked word by word. No place has a side chosen in advance: the merge
 * is saved once each has been decided, so nothing either editor wrote is dropped unseen. Taking the saved version
 * or keeping one's own (an explicit overwrite) stay one click away.
 */
export const ConflictDialog = ({ resource, id, conflict, asDraft = false, onSave, onTakeSaved, saving }: ConflictDialogProps) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const saved = useQuery({
    queryKey: ['conflict', resource, id, conflict.savedAt, asDraft],
    queryFn: async () => {
      const { data } = await dataProvider.getOne(resource, { id });
      return asDraft ? withDraftValues(data) : data;
    },
    staleTime: 0,
    gcTime: 0,
  });
  const plan = useMemo(() => {
    if (!saved.data) return null;
    const fields = Object.fromEntries(Object.entries(comparedFieldsOf(resource)).filter(([, field]) => !isUpload(field)));
    const readable = (name: string, value: unknown) => readableValue(fields[name], value, translate);
    return { readable, ...planMerge(fields, conflict, saved.data, { readable, editorHtml }) };
  }, [saved.data, resource, conflict, translate]);
  const [resolutions, setResolutions] = useState<Record<string, Resolution>>({});
  const unresolved = plan ? plan.overlaps.filter((overlap) => !resolutions[overlap.key]).length : 0;
  const labelOf = (name: string) => comparedFieldLabel(translate, resource, name);
  const overlapLabel = (overlap: Overlap) =>
    overlap.places > 1 ? translate('app.conflict.place', { field: labelOf(overlap.name), index: overlap.place, count: overlap.places }) : labelOf(overlap.name);
  const merge = () => {
    if (!plan || !saved.data) return;
    const values = Object.fromEntries(Object.entries(resolutions).map(([key, resolution]) => [key, resolution.value]));
    onSave(plan.values(values), saved.data, false);
  };

  return (
    <Dialog open fullWidth maxWidth="md" aria-labelledby="conflict-title">
      <DialogTitle id="conflict-title">{translate('app.conflict.title')}</DialogTitle>
      <DialogContent dividers>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {conflict.savedBy
            ? translate('app.conflict.saved_by', { name: conflict.savedBy, date: formatSavedAt(conflict.savedAt ?? '') })
            : translate('app.conflict.saved_by_someone')}
        </Alert>
        {saved.isPending && <LinearProgress aria-label={translate('app.conflict.loading')} />}
        {saved.error && <Typography color="error">{translate('app.conflict.load_failed')}</Typography>}
        {plan && plan.merged.length === 0 && plan.overlaps.length === 0 && <Typography>{translate('app.conflict.no_difference')}</Typography>}
        {plan && plan.merged.length > 0 && (
          <section data-testid="conflict-merged" aria-labelledby="conflict-merged-title">
            <Typography variant="subtitle2" component="h3" id="conflict-merged-title">
              {translate('app.conflict.merged_title')}
            </Typography>
            <List dense disablePadding sx={{ mb: 2 }}>
              {plan.merged.map((field) => (
                <ListItem key={field.name} disableGutters data-testid={`conflict-merged-${field.name}`}>
                  {translate(`app.conflict.merged_${field.by}`, { field: labelOf(field.name) })}
                </ListItem>
              ))}
            </List>
          </section>
        )}
        {plan && plan.overlaps.length > 0 && (
          <Typography variant="body2" sx={{ mb: 2 }}>
            {translate('app.conflict.overlaps_hint')}
          </Typography>
        )}
        {plan?.overlaps.map((overlap) => (
          <OverlapChoice
            key={overlap.key}
            overlap={overlap}
            label={overlapLabel(overlap)}
            readable={plan.readable}
            resolution={resolutions[overlap.key]}
            onStart={(resolution) => setResolutions((current) => ({ ...current, [overlap.key]: resolution }))}
            onEdit={(value) =>
              setResolutions((current) => {
                const resolution = current[overlap.key];
                return resolution ? { ...current, [overlap.key]: { ...resolution, value } } : current;
              })
            }
          />
        ))}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {unresolved > 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ mr: 'auto' }} role="status">
            {translate('app.conflict.unresolved', { count: unresolved })}
          </Typography>
        )}
        <Button disabled={!saved.data || saving} onClick={() => saved.data && onTakeSaved(saved.data)}>
          {translate('app.conflict.take_saved')}
        </Button>
        <Button disabled={!saved.data || saving} onClick={() => saved.data && onSave(conflict.mine, saved.data, true)}>
          {translate('app.conflict.keep_mine')}
        </Button>
        <Button variant="contained" disabled={!plan || saving || unresolved > 0} onClick={merge}>
          {translate('app.conflict.merge')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
