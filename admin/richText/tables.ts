import type { Attributes } from '@tiptap/core';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';

/**
 * A cell's span, written only when it is more than one cell. Column widths are not part of rich text (the site
 * sizes tables itself): the attribute exists because the table commands expect it, but is never read or written.
 */
const cellAttributes: Attributes = {
  colspan: {
    default: 1,
    parseHTML: (element) => Number(element.getAttribute('colspan')) || 1,
    renderHTML: (attributes) => (attributes.colspan > 1 ? { colspan: attributes.colspan } : {}),
  },
  rowspan: {
    default: 1,
    parseHTML: (element) => Number(element.getAttribute('rowspan')) || 1,
    renderHTML: (attributes) => (attributes.rowspan > 1 ? { rowspan: attributes.rowspan } : {}),
  },
  colwidth: { default: null, parseHTML: () => null, rendered: false },
};

/** A table as plain markup: no column group, widths or inline styles; its header row is the first row's `th` cells. */
const PlainTable = Table.extend({
  renderHTML() {
    return ['table', ['tbody', 0]];
  },
});

const PlainTableCell = TableCell.extend({ addAttributes: () => cellAttributes });
const PlainTableHeader = TableHeader.extend({ addAttributes: () => cellAttributes });

export const TABLE_EXTENSIONS = [PlainTable, TableRow, PlainTableHeader, PlainTableCell];
