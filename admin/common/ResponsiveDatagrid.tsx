import { LinearProgress, useMediaQuery, type Theme } from '@mui/material';
import { Children, lazy, Suspense } from 'react';
import { Datagrid, type DatagridProps } from 'react-admin';
import { PresenceMarker } from '../presence/PresenceMarker.js';

// Only phones load the one-column layout: the lists on wider screens do not carry it.
const OneColumnList = lazy(() => import('./OneColumnList.js'));

/**
 * A list's table on wider screens; on a phone one card per record (react-admin's SimpleList pattern, with every column).
 * Every list's first column marks the records other staff members have open.
 */
export const ResponsiveDatagrid = ({ children, ...props }: DatagridProps) => {
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const columns = [<PresenceMarker key="presence" />, ...Children.toArray(children)];
  if (!phone) return <Datagrid {...props}>{columns}</Datagrid>;
  return (
    <Suspense fallback={<LinearProgress />}>
      <OneColumnList rowClick={props.rowClick} data={props.data}>
        {columns}
      </OneColumnList>
    </Suspense>
  );
};
