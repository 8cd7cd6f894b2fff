import { TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { maskDate, parseMaskedDate } from '@lib/masks.js';

/** `2026-05-12` of a dd.mm.yyyy text, or null when it is not a complete date. */
function isoDayOf(text: string): string | null {
  const date = parseMaskedDate(text);
  if (!date) return null;
  return `${date.year}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
}

/** `12.05.2026` of a `2026-05-12` filter value ('' for anything else). */
function maskedOf(isoDay: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDay);
  return match ? `${match[3]}.${match[2]}.${match[1]}` : '';
}

export interface DateFilterFieldProps {
  label: string;
  /** The filter's day, `yyyy-mm-dd`, or '' when unset. */
  value: string;
  /** Called with a complete day (`yyyy-mm-dd`), or '' once the field is emptied; an unfinished date changes nothing. */
  onChange: (isoDay: string) => void;
}

/**
 * A filter by day typed as дд.мм.гггг, like the admin's other dates: the browser's own date field follows the
 * browser's language (mm/dd/yyyy in an English one).
 */
export const DateFilterField = ({ label, value, onChange }: DateFilterFieldProps) => {
  const translate = useTranslate();
  const [text, setText] = useState(maskedOf(value));
  // Follow the filter when it changes elsewhere (cleared, another address), adjusted while rendering.
  const [followed, setFollowed] = useState(value);
  if (followed !== value) {
    setFollowed(value);
    // The editor's own complete date coming back keeps the text as typed.
    if ((text === '' ? '' : isoDayOf(text)) !== value) setText(maskedOf(value));
  }
  const invalid = text !== '' && text.length === 10 && isoDayOf(text) === null;
  return (
    <TextField
      size="small"
      label={label}
      value={text}
      error={invalid}
      onChange={(event) => {
        const next = maskDate(event.target.value);
        setText(next);
        const day = next === '' ? '' : isoDayOf(next);
        if (day !== null && day !== value) onChange(day);
      }}
      slotProps={{ htmlInput: { inputMode: 'numeric', placeholder: translate('app.input.date_placeholder') }, inputLabel: { shrink: true } }}
      sx={{ width: '11rem' }}
    />
  );
};
