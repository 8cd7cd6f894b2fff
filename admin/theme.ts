import { keyframes } from '@mui/material/styles';
import { defaultTheme, type RaThemeOptions } from 'react-admin';
import { SAVED_ROW_CLASS } from './common/savedRow.js';

/** The row of the record just saved starts highlighted and fades back to the others' colour. */
const savedRowFade = keyframes`
  from { background-color: rgba(29, 61, 143, 0.16); }
  to { background-color: transparent; }
`;

/** The admin's MUI theme: react-admin's default with the brand's colours and a calmer density. */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    mode: 'light',
    primary: { main: '#1d3d8f' },
    secondary: { main: '#0d7f6f' },
    error: { main: '#c62828' },
    background: { default: '#f4f6fa' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: ['Inter', 'Roboto', 'Arial', 'sans-serif'].join(','),
  },
  components: {
    ...defaultTheme.components,
    MuiTextField: { defaultProps: { variant: 'outlined', margin: 'dense', size: 'small' } },
    MuiFormControl: { defaultProps: { variant: 'outlined', margin: 'dense', size: 'small' } },
    // No screen is wider than the window, whatever the content: the page's column may shrink, a table wider than
    // it scrolls inside its own box, long words break, and images inside rich text fit.
    RaLayout: { styleOverrides: { root: { minWidth: 0, '& .RaLayout-appFrame, & .RaLayout-contentWithSidebar, & .RaLayout-content': { minWidth: 0 } } } },
    // The bulk actions' bar takes its own row above the table: raised over the list's buttons, as react-admin places
    // it, the content's scroll box would clip it away.
    RaList: {
      styleOverrides: {
        root: {
          '& .RaList-main': { minWidth: 0 },
          '& .RaList-content': { minWidth: 0, overflowX: 'auto' },
          '& .RaList-content .RaBulkActionsToolbar-toolbar': { position: 'relative', transform: 'none' },
          [`& .${SAVED_ROW_CLASS}`]: { animation: `${savedRowFade} 2.5s ease-out` },
        },
      },
    },
    // The form's card lets its content overflow (a card clips by default), so the rich-text toolbar can stay on screen.
    RaEdit: {
      styleOverrides: {
        root: { '& .RaEdit-main': { minWidth: 0, flexWrap: 'wrap' }, '& .RaEdit-card': { minWidth: 0, flex: '1 1 20rem', overflow: 'visible' } },
      },
    },
    RaCreate: { styleOverrides: { root: { '& .RaCreate-main': { minWidth: 0 }, '& .RaCreate-card': { minWidth: 0, overflow: 'visible' } } } },
    MuiCardContent: { styleOverrides: { root: { overflowWrap: 'anywhere', '& img': { maxWidth: '100%', height: 'auto' } } } },
    MuiToolbar: { styleOverrides: { root: { flexWrap: 'wrap' } } },
    MuiToggleButtonGroup: { styleOverrides: { root: { flexWrap: 'wrap' } } },
  },
};
