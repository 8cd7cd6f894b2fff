import type { KeyboardEvent } from 'react';
import { TextInput, type TextInputProps } from 'react-admin';
import { isNumericKeyAllowed, sanitizeNumeric } from '@lib/masks.js';

export type NumericInputProps = Omit<TextInputProps, 'parse' | 'format' | 'type'> & {
  /** Allows one decimal point; without it only digits pass. */
  decimal?: boolean;
};

/**
 * A number field that accepts only digits, navigation and edit keys, copy, cut and select-all (and a decimal point
 * when `decimal` is set), with pasted text sanitized the same way. Stores a number, or null when empty.
 */
export const NumericInput = ({ decimal = false, ...props }: NumericInputProps) => {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLInputElement;
    if (!isNumericKeyAllowed(event, { decimal, currentValue: target.value ?? '' })) event.preventDefault();
  };
  return (
    <TextInput
      {...props}
      onKeyDown={onKeyDown}
      slotProps={{ htmlInput: { inputMode: decimal ? 'decimal' : 'numeric' } }}
      format={(value: unknown) => (value === null || value === undefined ? '' : String(value))}
      parse={(value: string) => {
        const clean = sanitizeNumeric(value, { decimal });
        if (clean === '' || clean === '.') return null;
        return clean.endsWith('.') ? clean : Number(clean);
      }}
    />
  );
};
