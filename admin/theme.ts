import { defaultTheme, type RaThemeOptions } from 'react-admin';

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
  },
};
