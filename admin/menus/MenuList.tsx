import { Box } from '@mui/material';
import { EditButton, FunctionField, List, SearchInput, SelectInput, TextField, useListContext, useTranslate, type RaRecord } from 'react-admin';
import { ResponsiveDatagrid } from '../common/ResponsiveDatagrid.js';
import { ExportOnlyBulkActions } from '../common/fields.js';
import { MENU_KIND_CHOICES } from './kinds.js';
import { RemoveButton } from '../buttons/RemoveButton.js';
import { useTranslationFilters } from '../translations/TranslationStatusField.js';

const filters = [<SearchInput key="q" source="q" alwaysOn />, <SelectInput key="kind" source="kind" choices={MENU_KIND_CHOICES} alwaysOn />];

/** Orders a page of menu items as a tree: each parent followed by its children, by position. */
export function treeOrder(records: RaRecord[]): { record: RaRecord; depth: number }[] {
  const byParent = new Map<string, RaRecord[]>();
  const ids = new Set(records.map((record) => String(record.id)));
  for (const record of records) {
    const parent = record.parent_id !== null && record.parent_id !== undefined && ids.has(String(record.parent_id)) ? String(record.parent_id) : '';
    byParent.set(parent, [...(byParent.get(parent) ?? []), record]);
  }
  const out: { record: RaRecord; depth: number }[] = [];
  const walk = (parent: string, depth: number) => {
    const children = [...(byParent.get(parent) ?? [])].sort((a, b) => String(a.kind).localeCompare(String(b.kind)) || Number(a.position) - Number(b.position));
    for (const child of children) {
      out.push({ record: child, depth });
      if (depth < 10) walk(String(child.id), depth + 1);
    }
  };
  walk('', 0);
  return out;
}

/** The title, indented by its depth in the tree. `source` and `label` make the column's header. */
const TreeTitle = (_props: { source: string; label?: string; sortable?: boolean }) => {
  const { data } = useListContext();
  return (
    <FunctionField
      source="title"
      render={(record: RaRecord) => {
        const depth = treeOrder(data ?? []).find((row) => row.record.id === record.id)?.depth ?? 0;
        return (
          <Box sx={{ pl: depth * 3 }}>
            {depth > 0 ? '└ ' : ''}
            {String(record.title ?? '')}
          </Box>
        );
      }}
    />
  );
};

const TreeDatagrid = () => {
  const { data } = useListContext();
  const ordered = treeOrder(data ?? []).map((row) => row.record);
  return (
    <ResponsiveDatagrid data={ordered} rowClick="edit" bulkActionButtons={<ExportOnlyBulkActions />}>
      <TextField source="id" />
      <FunctionField source="kind" render={(record: RaRecord) => <MenuKindLabel kind={String(record.kind)} />} />
      <TreeTitle source="title" sortable={false} />
      <TextField source="url" />
      <TextField source="position" />
      <EditButton />
      <RemoveButton />
    </ResponsiveDatagrid>
  );
};

const MenuKindLabel = ({ kind }: { kind: string }) => {
  const translate = useTranslate();
  return <>{translate(`app.menus.kinds.${kind}`)}</>;
};

/** Menus of every kind as trees by parent_id, one page of up to 500 items. */
export const MenuList = () => {
  const translationFilters = useTranslationFilters();
  return (
    <List sort={{ field: 'position', order: 'ASC' }} filters={[...filters, ...translationFilters]} perPage={500} pagination={false}>
      <TreeDatagrid />
    </List>
  );
};
