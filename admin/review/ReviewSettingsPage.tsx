import { Button, Card, CardContent, Checkbox, FormControlLabel, FormGroup, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { RESOURCES } from '@lib/resources/index.js';
import type { AdminDataProvider } from '../../dataProvider/index.js';
import { useSaveSetting } from '../common/useSaveSetting.js';
import { addScreenTexts } from '../i18n/index.js';
import { draftScreenMessages } from '../i18n/drafts.js';

addScreenTexts(draftScreenMessages);

/** The resources that keep drafts: only they can be put under review. */
const DRAFT_RESOURCES = RESOURCES.filter((resource) => 'drafts' in resource && resource.drafts === true).map((resource) => resource.name);

const SETTINGS_KEY = ['review', 'settings'] as const;

/**
 * «Согласование перед публикацией», a part of «Настройки сайта» (MANAGER): which resources' changes by a USER wait for a MANAGER before they go
 * live. Each resource that keeps drafts is one checkbox; the choice is saved as a whole.
 */
export const ReviewSettingsPage = () => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: SETTINGS_KEY, queryFn: async () => (await dataProvider.getReviewSettings()).data });
  // The editor's choice once they change a box; until then, what is saved.
  const [edited, setEdited] = useState<string[] | null>(null);
  const chosen = edited ?? settings.data?.resources ?? [];
  const toggle = (name: string, on: boolean) => setEdited(on ? [...chosen, name] : chosen.filter((other) => other !== name));
  const { saving, save: saveWith } = useSaveSetting('app.review.settings_saved');
  const save = () =>
    saveWith(async () => {
      const { data } = await dataProvider.putSetting('review', 'review', { resources: chosen });
      queryClient.setQueryData(SETTINGS_KEY, data);
    });
  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {translate('app.review.settings_title')}
        </Typography>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {translate('app.review.settings_hint')}
        </Typography>
        <FormGroup>
          {DRAFT_RESOURCES.map((name) => (
            <FormControlLabel
              key={name}
              control={<Checkbox checked={chosen.includes(name)} disabled={!settings.data} onChange={(event) => toggle(name, event.target.checked)} />}
              label={translate(`resources.${name}.name`, { smart_count: 2 })}
            />
          ))}
        </FormGroup>
        <Button variant="contained" sx={{ mt: 2 }} disabled={!settings.data || saving} onClick={() => void save()}>
          {translate('app.review.settings_save')}
        </Button>
      </CardContent>
    </Card>
  );
};
