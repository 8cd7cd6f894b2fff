import BackupIcon from '@mui/icons-material/Backup';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import TravelExploreIcon from '@mui/icons-material/TravelExplore';
import { Box, Divider } from '@mui/material';
import type { ReactElement } from 'react';
import { Menu as RaMenu, useCanAccess, useTranslate } from 'react-admin';
import { useNewEnquiries } from '../common/newEnquiries.js';
import { MENU_GROUPS } from '../resources.js';
import { useReturnedDrafts } from '../review/reviewQueue.js';

const Item = ({ name, returned }: { name: string; returned: number }) => {
  const { canAccess, isPending } = useCanAccess({ resource: name, action: 'list' });
  if (isPending || !canAccess) return null;
  if (name === 'enquiries') return <EnquiriesItem />;
  return returned > 0 ? <ReturnedDraftsItem name={name} count={returned} /> : <RaMenu.ResourceItem name={name} />;
};

/** A resource with drafts returned to the signed-in user for rework: their number after its name. */
const ReturnedDraftsItem = ({ name, count }: { name: string; count: number }) => {
  const translate = useTranslate();
  return (
    <RaMenu.ResourceItem
      name={name}
      primaryText={
        <>
          {translate(`resources.${name}.name`, { smart_count: 2 })}
          <Box component="span" data-testid="returned-drafts" title={translate('app.draft.marker.returned_in_menu', { count })} sx={{ color: 'warning.main' }}>
            {' '}
            ({count})
          </Box>
        </>
      }
    />
  );
};

/** «Обращения» with the number of new enquiries after its name. */
const EnquiriesItem = () => {
  const translate = useTranslate();
  const { total = 0 } = useNewEnquiries();
  return (
    <RaMenu.ResourceItem
      name="enquiries"
      primaryText={
        <>
          {translate('resources.enquiries.name', { smart_count: 2 })}
          {total > 0 ? <span data-testid="new-enquiries"> ({total})</span> : null}
        </>
      }
    />
  );
};

/** An entry of a screen outside the registry (a MANAGER's by default), shown once canAccess allows it. */
const ManagerItem = ({ name, icon }: { name: string; icon: ReactElement }) => {
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource: name, action: 'list' });
  return canAccess ? <RaMenu.Item to={`/admin/${name}`} primaryText={translate(`app.menu.${name}`)} leftIcon={icon} /> : null;
};

/**
 * The side menu: the dashboard, then the resources in the groups their descriptors name (a USER sees only what
 * canAccess allows; each with the number of the user's drafts returned for rework), then the trash and, for a
 * MANAGER, the IndexNow log, the backups, «Настройки сайта» (the version for the visually impaired, drafts first,
 * review) and «Роли»; each by the signed-in account's rights.
 */
export const Menu = () => {
  const translate = useTranslate();
  const returned = useReturnedDrafts();
  return (
    <RaMenu>
      <RaMenu.Item to="/admin" primaryText={translate('app.menu.dashboard')} leftIcon={<DashboardIcon />} end />
      <RaMenu.Item to="/admin/calendar" primaryText={translate('app.menu.calendar')} leftIcon={<CalendarMonthIcon />} />
      {MENU_GROUPS.map((group) => (
        <div key={group.group} aria-label={translate(`app.menu.${group.group}`)}>
          <Divider sx={{ my: 0.5 }} />
          {group.resources.map((name) => (
            <Item key={name} name={name} returned={returned.get(name) ?? 0} />
          ))}
        </div>
      ))}
      <Divider sx={{ my: 0.5 }} />
      <RaMenu.Item to="/admin/trash" primaryText={translate('app.menu.trash')} leftIcon={<DeleteOutlineIcon />} />
      <ManagerItem name="indexnow" icon={<TravelExploreIcon />} />
      <ManagerItem name="backups" icon={<BackupIcon />} />
      <ManagerItem name="review" icon={<FactCheckIcon />} />
      <ManagerItem name="roles" icon={<AdminPanelSettingsIcon />} />
    </RaMenu>
  );
};
