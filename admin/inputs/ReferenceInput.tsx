import type { ReactNode } from 'react';
import { Offline, ReferenceInputBase, type ReferenceInputBaseProps } from 'react-admin';

/**
 * react-admin's ReferenceInput without its default child. That default is an autocomplete (MUI's Autocomplete, about
 * 15 KB gzip) which loaded with every screen using a reference input, although each one here chooses from a select.
 */
export const ReferenceInput = (props: ReferenceInputBaseProps & { children: ReactNode }) => (
  <ReferenceInputBase offline={<Offline variant="inline" />} {...props} />
);
