import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import DashboardIcon from '@mui/icons-material/Dashboard';
import { Divider } from '@mui/material';
import { Menu as RaMenu, useCanAccess, useTranslate } from 'react-admin';

const Item = ({ name }: { name: string }) => {
  const { canAccess, isPending } = useCanAccess({ resource: name, action: 'list' });
  if (isPending || !canAccess) return null;
  return <RaMenu.ResourceItem name={name} />;
};

const GROUPS: { key: string; resources: string[] }[] = [
  { key: 'content', resources: ['news', 'media-our', 'media-other', 'media-video', 'media-source'] },
  { key: 'photobank', resources: ['photobank-groups', 'photobank-categories', 'photobank-logos', 'photobank-photos'] },
  { key: 'site', resources: ['text-pages', 'menus', 'network-collections'] },
  { key: 'administration', resources: ['users', 'audit-log'] },
];

/** The side menu: the dashboard, then the resources in groups; a USER sees only what canAccess allows. */
export const Menu = () => {
  const translate = useTranslate();
  return (
    <RaMenu>
      <RaMenu.Item to="/admin" primaryText={translate('app.menu.dashboard')} leftIcon={<DashboardIcon />} end />
      <RaMenu.Item to="/admin/calendar" primaryText={translate('app.menu.calendar')} leftIcon={<CalendarMonthIcon />} />
      {GROUPS.map((group) => (
        <div key={group.key} aria-label={translate(`app.menu.${group.key}`)}>
          <Divider sx={{ my: 0.5 }} />
          {group.resources.map((name) => (
            <Item key={name} name={name} />
          ))}
        </div>
      ))}
    </RaMenu>
  );
};
