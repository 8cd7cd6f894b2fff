import { Button, Card, CardContent, Checkbox, FormControlLabel, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Title, useDataProvider, useTranslate } from 'react-admin';
import type { AdminDataProvider, SiteSettings } from '../../dataProvider/index.js';
import { SITE_SETTINGS_KEY, useSiteSettings } from '../common/siteSettings.js';
import { useSaveSetting } from '../common/useSaveSetting.js';
import { addScreenTexts } from '../i18n/index.js';
import { siteSettingsMessages } from '../i18n/siteSettings.js';
import { ReviewSettingsPage } from '../review/ReviewSettingsPage.js';

addScreenTexts(siteSettingsMessages);

/** The on/off choices of «Настройки сайта». */
type SwitchName = 'low_vision' | 'drafts_first';

/** Saves one choice by its own route and answers it as saved. */
async function saveSwitch(dataProvider: AdminDataProvider, name: SwitchName, on: boolean): Promise<boolean> {
  if (name === 'low_vision') return (await dataProvider.putSetting('review', 'site', { low_vision: on })).data.low_vision;
  return (await dataProvider.putSetting('review', 'drafts-first', { drafts_first: on })).data.drafts_first;
}

/** One on/off choice in a card of its own, with its heading, its explanation and its «Сохранить настройки». */
const SwitchCard = ({ name, offByDefault }: { name: SwitchName; offByDefault: boolean }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const queryClient = useQueryClient();
  const settings = useSiteSettings();
  // The editor's choice once they change the box; until then, what is saved.
  const [edited, setEdited] = useState<boolean | null>(null);
  const on = edited ?? settings?.[name] ?? !offByDefault;
  const { saving, save: saveWith } = useSaveSetting('app.settings.saved');
  const save = () =>
    saveWith(async () => {
      const saved = await saveSwitch(dataProvider, name, on);
      queryClient.setQueryData<SiteSettings>(SITE_SETTINGS_KEY, (old) => (old ? { ...old, [name]: saved } : old));
    });
  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {translate(`app.settings.${name}_title`)}
        </Typography>
        <FormControlLabel
          control={<Checkbox checked={on} disabled={!settings} onChange={(event) => setEdited(event.target.checked)} />}
          label={translate(`app.settings.${name}`)}
        />
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate(`app.settings.${name}_hint`)}
        </Typography>
        <Button variant="contained" disabled={!settings || saving} onClick={() => void save()}>
          {translate('app.settings.save')}
        </Button>
      </CardContent>
    </Card>
  );
};

/**
 * «Настройки сайта» (MANAGER): the version for the visually impaired on the public pages (on by default), drafts first
 * for live records (off by default), then which resources need review.
 */
export const SiteSettingsPage = () => (
  <>
    <Title title="app.settings.title" />
    <SwitchCard name="low_vision" offByDefault={false} />
    <SwitchCard name="drafts_first" offByDefault />
    <ReviewSettingsPage />
  </>
);
