import type { ReactNode } from 'react';
import { Offline, ReferenceInputBase, type ReferenceInputBaseProps } from 'react-admin';

/**
 * react-admin's ReferenceInput without its default child. That default is an autocomplete (MUI's Autocomplete, about
 * 15 KB gzip) which loaded with every screen using a reference input, although each one here chooses from a select.
 * Validation goes on the select, as with react-admin's own.
 */
export const ReferenceInput = (props: Omit<ReferenceInputBaseProps, 'validate'> & { validate?: never; children: ReactNode }) => (
  <ReferenceInputBase offline={<Offline variant="inline" />} {...props} />
);
