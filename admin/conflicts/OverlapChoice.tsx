import { Box, FormControlLabel, Radio, RadioGroup, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { WordDiff } from '../revisions/WordDiff.js';
import type { Overlap } from './merge.js';
import { OverlapEditor } from './OverlapEditor.js';

/** Where an overlap's resolution starts: one side's version, or (rich text) both, the editor's first, with what neither changed there once. */
export type Start = 'mine' | 'theirs' | 'both';

/** How the editor resolved an overlap: the version they started from and the value it now holds (edited or not). */
export interface Resolution {
  start: Start;
  value: unknown;
}

interface OverlapChoiceProps {
  overlap: Overlap;
  label: string;
  resolution: Resolution | undefined;
  /** The editor chose where to start: the result is that version, until edited. */
  onStart: (resolution: Resolution) => void;
  /** The editor changed the result in place. */
  onEdit: (value: string) => void;
  readable: (name: string, value: unknown) => string;
}

/** Fields whose resolution is text typed in place; other kinds (flags, dates, choices) take one side's value. */
const TYPED = new Set(['text', 'slug', 'url']);

const startingValue = (overlap: Overlap, start: Start): unknown => {
  if (start === 'both') return overlap.both ?? `${String(overlap.mine)}${String(overlap.theirs)}`;
  return start === 'mine' ? overlap.mine : overlap.theirs;
};

/**
 * One place both editors changed differently: each version with its words added and removed against the version
 * both started from, and a choice of where to start that has no default (so that nothing is dropped unseen); once
 * chosen, the result is editable right there.
 */
export const OverlapChoice = ({ overlap, label, resolution, onStart, onEdit, readable }: OverlapChoiceProps) => {
  const translate = useTranslate();
  const { key, name, field } = overlap;
  const base = readable(name, overlap.base);
  const starts: Start[] = field.kind === 'html' ? ['mine', 'theirs', 'both'] : ['mine', 'theirs'];
  const resultLabel = translate('app.conflict.result', { field: label });
  return (
    <Box component="section" sx={{ mb: 3 }} data-testid={`conflict-${key}`} aria-label={label}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        {label}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 1 }}>
        {(['mine', 'theirs'] as const).map((side) => {
          const text = readable(name, overlap[side]);
          return (
            <Box key={side} sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="caption" color="text.secondary" component="p">
                {translate(side === 'mine' ? 'app.conflict.mine' : 'app.conflict.saved')}
              </Typography>
              <Box sx={{ maxHeight: 220, overflow: 'auto' }} data-testid={`conflict-${key}-${side === 'mine' ? 'mine' : 'saved'}`}>
                {text || base ? <WordDiff before={base} after={text} /> : null}
                {!text && (
                  <Typography variant="body2" color="text.secondary">
                    {translate(field.kind === 'html' ? 'app.conflict.deleted' : 'app.conflict.empty')}
                  </Typography>
                )}
              </Box>
            </Box>
          );
        })}
      </Stack>
      <RadioGroup
        row
        value={resolution?.start ?? ''}
        onChange={(event) => {
          const start = event.target.value as Start;
          onStart({ start, value: startingValue(overlap, start) });
        }}
        aria-label={translate('app.conflict.start', { field: label })}
      >
        {starts.map((start) => (
          <FormControlLabel key={start} value={start} control={<Radio />} label={translate(`app.conflict.start_${start}`)} />
        ))}
      </RadioGroup>
      {resolution && field.kind === 'html' && (
        <OverlapEditor key={resolution.start} initial={String(startingValue(overlap, resolution.start))} label={resultLabel} onChange={onEdit} />
      )}
      {resolution && TYPED.has(field.kind) && (
        <TextField
          fullWidth
          multiline
          size="small"
          label={resultLabel}
          value={String(resolution.value ?? '')}
          onChange={(event) => onEdit(event.target.value)}
        />
      )}
    </Box>
  );
};
