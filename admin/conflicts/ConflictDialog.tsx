import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  LinearProgress,
  Radio,
  RadioGroup,
  Stack,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useTranslate, type Identifier, type RaRecord } from 'react-admin';
import { isUpload } from '@lib/resources/index.js';
import { comparedFieldLabel, comparedFieldsOf } from '../translations/values.js';
import { formatSavedAt, readableValue } from '../revisions/values.js';
import { conflictingFields, mergedValues, type Choice, type Conflict } from './merge.js';

interface ConflictDialogProps {
  resource: string;
  id: Identifier;
  conflict: Conflict;
  /** Saves the chosen values over the saved version; `overwrite` when the editor keeps all of theirs own. */
  onSave: (values: RaRecord, saved: RaRecord, overwrite: boolean) => void;
  /** Drops the editor's changes and shows the saved version. */
  onTakeSaved: (saved: RaRecord) => void;
  saving: boolean;
}

/**
 * What a save that came too late shows instead of an error: who saved meanwhile and when, every field where the
 * editor's version and the saved one differ side by side, and three ways out: take the saved version, keep one's
 * own (an explicit overwrite), or merge field by field. Nothing the editor typed is dropped until they choose.
 */
export const ConflictDialog = ({ resource, id, conflict, onSave, onTakeSaved, saving }: ConflictDialogProps) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const saved = useQuery({
    queryKey: ['conflict', resource, id, conflict.savedAt],
    queryFn: async () => (await dataProvider.getOne(resource, { id })).data,
    staleTime: 0,
    gcTime: 0,
  });
  const fields = Object.fromEntries(Object.entries(comparedFieldsOf(resource)).filter(([, field]) => !isUpload(field)));
  const readable = (name: string, value: unknown) => readableValue(fields[name], value, translate);
  const differing = saved.data ? conflictingFields(fields, conflict, saved.data, readable) : [];
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const choiceOf = (name: string) => choices[name] ?? differing.find((field) => field.name === name)?.suggested ?? 'mine';

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
        {saved.data && differing.length === 0 && <Typography>{translate('app.conflict.no_difference')}</Typography>}
        {differing.map((field) => (
          <Box component="section" key={field.name} sx={{ mb: 2 }} data-testid={`conflict-${field.name}`}>
            <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
              {comparedFieldLabel(translate, resource, field.name)}
            </Typography>
            <RadioGroup
              value={choiceOf(field.name)}
              onChange={(event) => setChoices({ ...choices, [field.name]: event.target.value as Choice })}
              aria-label={comparedFieldLabel(translate, resource, field.name)}
            >
              <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
                {(['mine', 'saved'] as const).map((choice) => (
                  <Box key={choice} sx={{ flex: 1, minWidth: 0, p: 1, border: 1, borderColor: 'divider', borderRadius: 1 }}>
                    <FormControlLabel value={choice} control={<Radio />} label={translate(`app.conflict.${choice}`)} />
                    <Box
                      sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: 200, overflow: 'auto' }}
                      data-testid={`conflict-${field.name}-${choice}`}
                    >
                      {choice === 'mine' ? field.mine : field.saved}
                    </Box>
                  </Box>
                ))}
              </Stack>
            </RadioGroup>
          </Box>
        ))}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button disabled={!saved.data || saving} onClick={() => saved.data && onTakeSaved(saved.data)}>
          {translate('app.conflict.take_saved')}
        </Button>
        <Button disabled={!saved.data || saving} onClick={() => saved.data && onSave(conflict.mine, saved.data, true)}>
          {translate('app.conflict.keep_mine')}
        </Button>
        <Button
          variant="contained"
          disabled={!saved.data || saving}
          onClick={() => saved.data && onSave(mergedValues(conflict.mine, saved.data, differing, choiceOf), saved.data, false)}
        >
          {translate('app.conflict.merge')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
