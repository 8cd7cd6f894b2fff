import { Checkbox, Table, TableBody, TableCell, TableHead, TableRow, Tooltip } from '@mui/material';
import { useInput, useTranslate } from 'react-admin';
import { ADMINISTRATION_AREAS } from '@lib/resources/administration.js';
import { ACTIONS, RIGHTS_RESOURCES, type Action, type Permissions, type RightsResource } from '@lib/resources/rights.js';

const AREA_LABELS: Readonly<Record<string, string>> = Object.fromEntries(ADMINISTRATION_AREAS.map((area) => [area.name, area.label]));

/** A resource's name in the grid: its menu name, or the administration area's own. */
const useResourceLabel = () => {
  const translate = useTranslate();
  return (resource: RightsResource): string => AREA_LABELS[resource.name] ?? translate(`resources.${resource.name}.name`, { smart_count: 2 });
};

/**
 * A resource's actions after one box changed: every other action needs `read`, so ticking one ticks `read` and
 * unticking `read` clears the row. Kept in the grid's order.
 */
export function toggled(actions: readonly Action[], action: Action, on: boolean): Action[] {
  const next = new Set(actions);
  if (on) {
    next.add(action);
    next.add('read');
  } else if (action === 'read') {
    next.clear();
  } else {
    next.delete(action);
  }
  return ACTIONS.filter((candidate) => next.has(candidate));
}

/**
 * The role's rights: one row a resource (every resource the declarations give rights to, so one added later is here
 * with no code of its own), one column an action. An action a resource does not have is not offered; a resource
 * without drafts says that whoever edits it publishes. A row's first box gives or takes all its actions at once.
 */
export const PermissionsGrid = ({ disabled = false }: { disabled?: boolean }) => {
  const translate = useTranslate();
  const labelOf = useResourceLabel();
  const { field } = useInput<Permissions>({ source: 'permissions', defaultValue: {} });
  const permissions: Permissions = (field.value as Permissions | null) ?? {};
  const set = (resource: string, action: Action, on: boolean) => {
    const actions = toggled(permissions[resource] ?? [], action, on);
    const others = Object.fromEntries(Object.entries(permissions).filter(([name]) => name !== resource));
    field.onChange(actions.length > 0 ? { ...others, [resource]: actions } : others);
  };
  /** Every action of the row, or none. */
  const setAll = (resource: RightsResource, on: boolean) => {
    const others = Object.fromEntries(Object.entries(permissions).filter(([name]) => name !== resource.name));
    field.onChange(on ? { ...others, [resource.name]: [...resource.actions] } : others);
  };
  return (
    <Table size="small" aria-label={translate('resources.roles.fields.permissions')} data-testid="permissions-grid">
      <TableHead>
        <TableRow>
          <TableCell component="th">{translate('app.role_grid.resource')}</TableCell>
          <TableCell component="th" align="center">
            {translate('app.role_grid.all')}
          </TableCell>
          {ACTIONS.map((action) => (
            <TableCell key={action} component="th" align="center">
              {translate(`app.role_grid.actions.${action}`)}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {RIGHTS_RESOURCES.map((resource) => {
          const label = labelOf(resource);
          const held = permissions[resource.name] ?? [];
          return (
            <TableRow key={resource.name} data-resource={resource.name}>
              <TableCell component="th" scope="row">
                {label}
              </TableCell>
              <TableCell align="center">
                <Checkbox
                  size="small"
                  disabled={disabled}
                  checked={held.length === resource.actions.length}
                  indeterminate={held.length > 0 && held.length < resource.actions.length}
                  onChange={(event) => setAll(resource, event.target.checked)}
                  slotProps={{ input: { 'aria-label': `${label}: ${translate('app.role_grid.all')}` } }}
                />
              </TableCell>
              {ACTIONS.map((action) => (
                <TableCell key={action} align="center">
                  {resource.actions.includes(action) ? (
                    <Checkbox
                      size="small"
                      disabled={disabled}
                      checked={held.includes(action)}
                      onChange={(event) => set(resource.name, action, event.target.checked)}
                      slotProps={{ input: { 'aria-label': `${label}: ${translate(`app.role_grid.actions.${action}`)}` } }}
                    />
                  ) : action === 'publish' && resource.actions.includes('edit') ? (
                    <Tooltip title={translate('app.role_grid.publish_with_edit_hint')}>
                      <span>{translate('app.role_grid.publish_with_edit')}</span>
                    </Tooltip>
                  ) : (
                    translate('app.role_grid.none')
                  )}
                </TableCell>
              ))}
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
};
