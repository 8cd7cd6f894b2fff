import { LinearProgress, useMediaQuery, type Theme } from '@mui/material';
import { lazy, Suspense } from 'react';
import { Datagrid, type DatagridProps } from 'react-admin';

// Only phones load the one-column layout: the lists on wider screens do not carry it.
const OneColumnList = lazy(() => import('./OneColumnList.js'));

/** A list's table on wider screens; on a phone one card per record (react-admin's SimpleList pattern, with every column). */
export const ResponsiveDatagrid = (props: DatagridProps) => {
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  if (!phone) return <Datagrid {...props} />;
  return (
    <Suspense fallback={<LinearProgress />}>
      <OneColumnList rowClick={props.rowClick} data={props.data}>
        {props.children}
      </OneColumnList>
    </Suspense>
  );
};
