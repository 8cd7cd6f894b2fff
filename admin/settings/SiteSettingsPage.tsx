import { Button, Card, CardContent, Checkbox, FormControlLabel, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Title, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { AdminDataProvider, SiteSettings } from '../../dataProvider/index.js';
import { SITE_SETTINGS_KEY, useSiteSettings } from '../common/siteSettings.js';
import { addScreenTexts } from '../i18n/index.js';
import { siteSettingsMessages } from '../i18n/siteSettings.js';
import { ReviewSettingsPage } from '../review/ReviewSettingsPage.js';

addScreenTexts(siteSettingsMessages);

/**
 * Whether the edit form of a live record saves a draft first. Off by default: its primary «Сохранить» publishes the
 * changes at once, as it always did.
 */
const DraftsFirstCard = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const queryClient = useQueryClient();
  const settings = useSiteSettings();
  // The editor's choice once they change the box; until then, what is saved.
  const [edited, setEdited] = useState<boolean | null>(null);
  const draftsFirst = edited ?? settings?.drafts_first === true;
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      const { data } = await dataProvider.putSetting('review', 'drafts-first', { drafts_first: draftsFirst });
      queryClient.setQueryData<SiteSettings>(SITE_SETTINGS_KEY, (old) => (old ? { ...old, ...data } : old));
      notify('app.settings.saved', { type: 'info' });
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), { type: 'error' });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {translate('app.settings.drafts_title')}
        </Typography>
        <FormControlLabel
          control={<Checkbox checked={draftsFirst} disabled={!settings} onChange={(event) => setEdited(event.target.checked)} />}
          label={translate('app.settings.drafts_first')}
        />
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('app.settings.drafts_first_hint')}
        </Typography>
        <Button variant="contained" disabled={!settings || saving} onClick={() => void save()}>
          {translate('app.settings.save')}
        </Button>
      </CardContent>
    </Card>
  );
};

/** «Настройки сайта» (MANAGER): drafts first for live records, then which resources need review. */
export const SiteSettingsPage = () => (
  <>
    <Title title="app.settings.title" />
    <DraftsFirstCard />
    <ReviewSettingsPage />
  </>
);
