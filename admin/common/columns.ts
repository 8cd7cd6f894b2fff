import { isValidElement, type ReactElement, type ReactNode } from 'react';

/** A list's column: a field (named by its source or label) or a button. */
export type Column = ReactElement<{ source?: string; label?: unknown }>;

/** A column that shows a value (it names a source or a label), as opposed to a button. */
export const isField = (column: Column): boolean => column.props.source !== undefined || column.props.label !== undefined;

/** The columns among a list's children. */
export const columnsOf = (children: ReactNode[]): Column[] => children.filter(isValidElement) as Column[];
