import { Card, CardContent, FormControlLabel, Switch, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { ACCOUNT_QUERY_KEY, useAccountApi } from './accountApi.js';
import { useReportError } from './useAccount.js';

const SECURITY_QUERY_KEY = ['admin-security-settings'] as const;

/** «Безопасность» (MANAGER): whether every staff account must sign in with a second factor. */
export const SecuritySection = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useAccountApi();
  const report = useReportError();
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: SECURITY_QUERY_KEY, queryFn: () => api.security(), retry: false });
  const [saving, setSaving] = useState(false);

  const change = async (required: boolean) => {
    setSaving(true);
    try {
      const answer = await api.setSecurity(required);
      queryClient.setQueryData(SECURITY_QUERY_KEY, answer);
      await queryClient.invalidateQueries({ queryKey: ACCOUNT_QUERY_KEY });
      notify('app.profile.security_saved', { type: 'success' });
    } catch (failure) {
      await report(failure);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('app.profile.security')}
        </Typography>
        <FormControlLabel
          control={
            <Switch
              checked={settings.data?.require_two_factor === 1}
              disabled={saving || !settings.data}
              onChange={(event) => void change(event.target.checked)}
            />
          }
          label={translate('app.profile.require_two_factor')}
        />
      </CardContent>
    </Card>
  );
};
