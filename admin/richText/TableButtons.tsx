import BorderTop from '@mui/icons-material/BorderTop';
import GridOff from '@mui/icons-material/GridOff';
import PlaylistAdd from '@mui/icons-material/PlaylistAdd';
import PlaylistRemove from '@mui/icons-material/PlaylistRemove';
import TableChart from '@mui/icons-material/TableChart';
import ViewColumn from '@mui/icons-material/ViewColumn';
import ViewWeek from '@mui/icons-material/ViewWeek';
import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import type { ChainedCommands, Editor } from '@tiptap/core';
import { useEditorState } from '@tiptap/react';
import type { ReactNode } from 'react';
import { useTiptapEditor } from 'ra-input-rich-text';
import { useTranslate } from 'react-admin';

interface TableAction {
  name: string;
  icon: ReactNode;
  run: (chain: ChainedCommands) => ChainedCommands;
}

/** A new table has a header row and two rows of cells under it, three columns wide. */
const NEW_TABLE = { rows: 3, cols: 3, withHeaderRow: true };

const ACTIONS: TableAction[] = [
  { name: 'insert', icon: <TableChart fontSize="inherit" />, run: (chain) => chain.insertTable(NEW_TABLE) },
  { name: 'add_row', icon: <PlaylistAdd fontSize="inherit" />, run: (chain) => chain.addRowAfter() },
  { name: 'delete_row', icon: <PlaylistRemove fontSize="inherit" />, run: (chain) => chain.deleteRow() },
  { name: 'add_column', icon: <ViewColumn fontSize="inherit" />, run: (chain) => chain.addColumnAfter() },
  { name: 'delete_column', icon: <ViewWeek fontSize="inherit" />, run: (chain) => chain.deleteColumn() },
  { name: 'toggle_header_row', icon: <BorderTop fontSize="inherit" />, run: (chain) => chain.toggleHeaderRow() },
  { name: 'delete', icon: <GridOff fontSize="inherit" />, run: (chain) => chain.deleteTable() },
];

/** Which actions apply where the cursor is: a table goes in outside tables only, the others act on the table around it. */
const applicable = (editor: Editor | null): string[] =>
  editor
    ? ACTIONS.filter((action) => (action.name === 'insert' ? !editor.isActive('table') : action.run(editor.can().chain()).run())).map((action) => action.name)
    : [];

/** Inserting a table and changing the one the cursor is in: rows, columns, the header row, removing it. */
export function TableButtons({ size }: { size: 'small' | 'medium' }) {
  const editor = useTiptapEditor();
  const translate = useTranslate();
  const enabled = useEditorState({ editor, selector: ({ editor: state }) => applicable(state).join(' ') }) ?? '';
  return (
    <ToggleButtonGroup size={size} disabled={!editor?.isEditable}>
      {ACTIONS.map((action) => {
        const label = translate(`ra.tiptap.table.${action.name}`);
        return (
          <ToggleButton
            key={action.name}
            value={action.name}
            aria-label={label}
            title={label}
            disabled={!enabled.split(' ').includes(action.name)}
            onClick={() => action.run(editor.chain().focus()).run()}
          >
            {action.icon}
          </ToggleButton>
        );
      })}
    </ToggleButtonGroup>
  );
}
