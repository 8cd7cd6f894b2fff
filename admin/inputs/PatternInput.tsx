import { TextInput, type TextInputProps } from 'react-admin';
import { maskPattern } from '@lib/masks.js';

export type PatternInputProps = Omit<TextInputProps, 'parse'> & {
  /** `9` is a digit, `A` a letter; anything else is written by the mask. */
  pattern: string;
};

/** A text field masked by a pattern such as `99:99` or `+7 (999) 999-99-99`. */
export const PatternInput = ({ pattern, ...props }: PatternInputProps) => (
  <TextInput
    {...props}
    parse={(value: string) => maskPattern(value, pattern)}
    slotProps={{ htmlInput: { placeholder: pattern.replace(/9/g, '_').replace(/A/g, '_') } }}
  />
);
