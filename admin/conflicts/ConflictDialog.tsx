import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useDataProvider, useTranslate, type Identifier, type RaRecord } from 'react-admin';
import { isUpload } from '@lib/resources/index.js';
import { formatSavedAt, readableValue } from '../revisions/values.js';
import { withDraftValues } from '../drafts/values.js';
import { editorHtml } from '../richText/editorHtml.js';
import type { Side } from '@lib/merge.js';
import { comparedFieldLabel, comparedFieldsOf, valueAt } from '../translations/values.js';
import { planMerge, sideResolutions, type Conflict, type Overlap } from './merge.js';
import { MergedList, ResultText } from './MergedList.js';
import { OverlapChoice, type Resolution } from './OverlapChoice.js';
import { QuickChoiceConfirm } from './QuickChoiceConfirm.js';
import './texts.js';

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
 * is saved once each has been decided, so nothing either editor wrote is dropped unseen. Every text the merge will
 * save is shown before saving. The quick choices (the saved version, or one's own, at every overlap) decide the
 * overlaps only, never what was merged without asking, and each first names the changes it drops and asks.
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
  const chosen = Object.fromEntries(Object.entries(resolutions).map(([key, resolution]) => [key, resolution.value]));
  const result = plan?.values(chosen);
  const resultOf = (name: string) => (plan && result ? plan.readable(name, valueAt(result, name)) : '');
  // Rich text with overlaps: the whole text once every place of it is decided.
  const resolvedFields = plan
    ? [...new Set(plan.overlaps.filter((overlap) => overlap.field.kind === 'html').map((overlap) => overlap.name))].filter((name) =>
        plan.overlaps.every((overlap) => overlap.name !== name || resolutions[overlap.key]),
      )
    : [];
  const merge = () => {
    if (!plan || !saved.data || !result) return;
    onSave(result, saved.data, false);
  };
  const [confirming, setConfirming] = useState<Side | null>(null);
  const ownMerged = plan ? plan.merged.filter((field) => field.by !== 'theirs').map((field) => labelOf(field.name)) : [];
  const keptNote = (keep: Side) => {
    if (keep === 'theirs') {
      return ownMerged.length > 0
        ? translate('app.conflict.confirm_theirs_kept', { fields: ownMerged.join(', ') })
        : translate('app.conflict.confirm_theirs_nothing_kept');
    }
    return plan && plan.merged.length > 0
      ? translate('app.conflict.confirm_mine_kept', { fields: plan.merged.map((field) => labelOf(field.name)).join(', ') })
      : '';
  };
  const quick = (keep: Side) => {
    setConfirming(null);
    if (!plan || !saved.data) return;
    const values = plan.values(sideResolutions(plan.overlaps, keep));
    // Keeping one's own over the other's changes is an overwrite, and audited as one. Taking the saved version with
    // no change of one's own left to save just shows it.
    if (keep === 'mine') onSave(values, saved.data, true);
    else if (ownMerged.length > 0) onSave(values, saved.data, false);
    else onTakeSaved(saved.data);
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
        {plan && plan.merged.length > 0 && <MergedList merged={plan.merged} labelOf={labelOf} resultOf={resultOf} />}
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
        {resolvedFields.map((name) => (
          <ResultText
            key={name}
            text={resultOf(name)}
            label={translate('app.conflict.field_result', { field: labelOf(name) })}
            testId={`conflict-result-${name}`}
          />
        ))}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {unresolved > 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ mr: 'auto' }} role="status">
            {translate('app.conflict.unresolved', { count: unresolved })}
          </Typography>
        )}
        {plan && plan.overlaps.length > 0 && (
          <>
            <Button disabled={saving} onClick={() => setConfirming('theirs')}>
              {translate('app.conflict.take_saved')}
            </Button>
            <Button disabled={saving} onClick={() => setConfirming('mine')}>
              {translate('app.conflict.keep_mine')}
            </Button>
          </>
        )}
        <Button variant="contained" disabled={!plan || saving || unresolved > 0} onClick={merge}>
          {translate('app.conflict.merge')}
        </Button>
      </DialogActions>
      {plan && confirming && (
        <QuickChoiceConfirm
          keep={confirming}
          lost={plan.overlaps.map((overlap) => ({
            key: overlap.key,
            label: overlapLabel(overlap),
            text: plan.readable(overlap.name, overlap[confirming === 'mine' ? 'theirs' : 'mine']),
            html: overlap.field.kind === 'html',
          }))}
          kept={keptNote(confirming)}
          onConfirm={() => quick(confirming)}
          onCancel={() => setConfirming(null)}
        />
      )}
    </Dialog>
  );
};
