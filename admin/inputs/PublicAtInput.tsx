import { Stack, TextField } from '@mui/material';
import { useState, type ChangeEvent } from 'react';
import { FieldTitle, InputHelperText, useInput, useResourceContext, useTranslate, type Validator } from 'react-admin';
import { formatMaskedDate, isPatternComplete, maskDate, maskPattern, parseMaskedDate } from '@lib/masks.js';

const TIME_PATTERN = '99:99';

function timeOf(date: Date): string {
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

/**
 * The ISO moment of a dd.mm.yyyy date and an hh:mm time in local time, or null when either is not valid. A date
 * without a time is its beginning (an event of a whole day, a publication from that day on).
 */
export function combineDateTime(dateText: string, timeText: string): string | null {
  const date = parseMaskedDate(dateText);
  const time = timeText === '' ? '00:00' : timeText;
  if (!date || !isPatternComplete(time, TIME_PATTERN)) return null;
  const [hours, minutes] = time.split(':').map(Number);
  if (hours === undefined || minutes === undefined || hours > 23 || minutes > 59) return null;
  return new Date(date.year, date.month - 1, date.day, hours, minutes).toISOString();
}

/** Marks a value the user has not finished, so validation refuses it instead of saving something else. */
const INCOMPLETE = 'incomplete:';

const validDateTime: Validator = (value: unknown) => (typeof value === 'string' && value.startsWith(INCOMPLETE) ? 'app.input.date_invalid' : undefined);

/**
 * The labels (i18n keys) of the two moments every dated item has, each with the form its fields take; any other date
 * field (an event's start) is labelled by its resource's name for it.
 */
const MOMENT_LABELS: Readonly<Record<string, { date: string; time: string }>> = {
  public_at: { date: 'app.input.public_at', time: 'app.input.time' },
  unpublish_at: { date: 'app.input.unpublish_at', time: 'app.input.unpublish_time' },
};

export interface PublicAtInputProps {
  source?: string;
  /** The date field's label (an i18n key), instead of the one its source gives. */
  label?: string;
  /** The time field's label (an i18n key), instead of the one its source gives. */
  timeLabel?: string;
  /** Rules besides a complete date and time (a required moment). */
  validate?: Validator[];
}

/**
 * A moment (the publication, the withdrawal) as two masked fields: the date (dd.mm.yyyy: day ≤ 31, month ≤ 12, year 19xx or 20xx) and
 * the time (hh:mm, pattern mask). Stores an ISO 8601 string, or null when both are emptied; a publication in the future schedules the item.
 */
export const PublicAtInput = ({
  source = 'public_at',
  label = MOMENT_LABELS[source]?.date,
  timeLabel = MOMENT_LABELS[source]?.time ?? 'app.input.time',
  validate = [],
}: PublicAtInputProps) => {
  const translate = useTranslate();
  const resource = useResourceContext();
  const { field, fieldState, isRequired } = useInput({ source, validate: [validDateTime, ...validate] });
  const initial = typeof field.value === 'string' && !field.value.startsWith(INCOMPLETE) ? new Date(field.value) : null;
  const [dateText, setDateText] = useState(initial && !Number.isNaN(initial.getTime()) ? formatMaskedDate(initial) : '');
  const [timeText, setTimeText] = useState(initial && !Number.isNaN(initial.getTime()) ? timeOf(initial) : '');

  // Follow the form when it is reset with another record (adjusted while rendering, not in an effect).
  const fieldValue: unknown = field.value;
  const [followed, setFollowed] = useState(fieldValue);
  if (followed !== fieldValue) {
    setFollowed(fieldValue);
    const date = typeof fieldValue === 'string' && fieldValue !== '' && !fieldValue.startsWith(INCOMPLETE) ? new Date(fieldValue) : null;
    if (date && !Number.isNaN(date.getTime())) {
      setDateText(formatMaskedDate(date));
      setTimeText(timeOf(date));
    } else if (fieldValue === null || fieldValue === undefined || fieldValue === '') {
      setDateText('');
      setTimeText('');
    }
  }

  const update = (nextDate: string, nextTime: string) => {
    setDateText(nextDate);
    setTimeText(nextTime);
    // Both parts emptied: no moment (an optional one, such as the withdrawal, is removed; a required one is missing).
    const empty = nextDate === '' && nextTime === '';
    const value = empty ? null : (combineDateTime(nextDate, nextTime) ?? `${INCOMPLETE}${nextDate} ${nextTime}`);
    // The fields already show this value: following it would fill in a time the editor left empty.
    setFollowed(value);
    field.onChange(value);
  };

  const error = fieldState.invalid ? fieldState.error?.message : undefined;
  return (
    <Stack direction="row" spacing={2} sx={{ my: 1 }}>
      <TextField
        label={<FieldTitle label={label} source={source} resource={resource} isRequired={isRequired} />}
        value={dateText}
        onChange={(event: ChangeEvent<HTMLInputElement>) => update(maskDate(event.target.value), timeText)}
        onBlur={field.onBlur}
        error={Boolean(error)}
        helperText={error ? <InputHelperText error={error} /> : ' '}
        slotProps={{ htmlInput: { inputMode: 'numeric', placeholder: translate('app.input.date_placeholder'), 'data-testid': `${source}-date` } }}
        size="small"
      />
      <TextField
        label={translate(timeLabel)}
        value={timeText}
        onChange={(event: ChangeEvent<HTMLInputElement>) => update(dateText, maskPattern(event.target.value, TIME_PATTERN))}
        onBlur={field.onBlur}
        helperText=" "
        slotProps={{ htmlInput: { inputMode: 'numeric', placeholder: translate('app.input.time_placeholder'), 'data-testid': `${source}-time` } }}
        size="small"
      />
    </Stack>
  );
};

/** The withdrawal moment (`unpublish_at`): optional, emptied to keep the item on the site; the form's rules compare it with the publication. */
export const UnpublishAtInput = ({ validate }: { validate: Validator[] }) => <PublicAtInput source="unpublish_at" validate={validate} />;
