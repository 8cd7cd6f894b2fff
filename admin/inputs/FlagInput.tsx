import { BooleanInput, type BooleanInputProps } from 'react-admin';

/** A 0/1 flag of the API as a switch. */
export const FlagInput = (props: BooleanInputProps) => (
  <BooleanInput {...props} format={(value: unknown) => Number(value) === 1} parse={(value: boolean) => (value ? 1 : 0)} />
);
