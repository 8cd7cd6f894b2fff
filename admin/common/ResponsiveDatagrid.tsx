import { Box, LinearProgress, useMediaQuery, type Theme } from '@mui/material';
import { Children, lazy, Suspense } from 'react';
import { Datagrid, type DatagridProps } from 'react-admin';
import { DraftMarker } from '../drafts/DraftMarker.js';
import { ReturnedToYouMarker } from '../drafts/ReturnedToYouMarker.js';
import { PresenceMarker } from '../presence/PresenceMarker.js';
import { useTranslationColumns } from '../translations/TranslationStatusField.js';
import { columnsOf, isField } from './columns.js';
import { SavedRowMark } from './savedRow.js';

// Only phones load the one-column layout: the lists on wider screens do not carry it.
const OneColumnList = lazy(() => import('./OneColumnList.js'));

/**
 * The first column's icons: others have the record open, it has a draft (and whether it was returned to you); and the
 * mark that brings the row of the record just saved into view.
 */
const RowMarkers = () => (
  <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center' }}>
    <SavedRowMark />
    <PresenceMarker />
    <DraftMarker />
    <ReturnedToYouMarker />
  </Box>
);

/**
 * A list's table on wider screens; on a phone one compact row per record (react-admin's SimpleList pattern: title,
 * state and date).
 * Every list's first column marks the records other staff members have open and those with a draft; a translatable
 * resource's lists on a site with English show, before the buttons, whether each record is translated.
 */
export const ResponsiveDatagrid = ({ children, ...props }: DatagridProps) => {
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const translationColumns = useTranslationColumns();
  const own = columnsOf(Children.toArray(children));
  const firstButton = own.findIndex((column) => !isField(column));
  const buttonsAt = firstButton === -1 ? own.length : firstButton;
  const columns = [<RowMarkers key="markers" />, ...own.slice(0, buttonsAt), ...translationColumns, ...own.slice(buttonsAt)];
  if (!phone) return <Datagrid {...props}>{columns}</Datagrid>;
  return (
    <Suspense fallback={<LinearProgress />}>
      <OneColumnList rowClick={props.rowClick} data={props.data}>
        {columns}
      </OneColumnList>
    </Suspense>
  );
};
