import { Button, Card, CardContent, Checkbox, FormControlLabel, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Title, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { AdminDataProvider } from '../../dataProvider/index.js';
import { addScreenTexts } from '../i18n/index.js';
import { SITE_SETTINGS_KEY } from '../translations/siteLocales.js';

addScreenTexts({
  app: {
    site_settings: {
      title: 'Настройки сайта',
      low_vision: 'Показывать на сайте «Версию для слабовидящих»',
      low_vision_hint:
        'Кнопка в шапке каждой страницы включает крупный шрифт, контрастные цвета по ГОСТ Р 52872 и скрытие изображений. Выбор посетителя хранится в его браузере.',
      save: 'Сохранить',
      saved: 'Настройки сайта сохранены',
    },
  },
});

/** «Настройки сайта» (MANAGER): whether the public pages offer the version for the visually impaired. */
export const SiteSettingsPage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: SITE_SETTINGS_KEY, queryFn: async () => (await dataProvider.getSiteSettings('site-settings', {})).data });
  const [edited, setEdited] = useState<boolean | null>(null);
  const lowVision = edited ?? settings.data?.low_vision ?? true;
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      const { data } = await dataProvider.setSiteSettings('site-settings', { low_vision: lowVision });
      queryClient.setQueryData(SITE_SETTINGS_KEY, data);
      notify('app.site_settings.saved', { type: 'info' });
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), { type: 'error' });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="app.site_settings.title" />
      <CardContent>
        <FormControlLabel
          control={<Checkbox checked={lowVision} disabled={!settings.data} onChange={(event) => setEdited(event.target.checked)} />}
          label={translate('app.site_settings.low_vision')}
        />
        <Typography variant="body2" sx={{ mb: 2 }}>
          {translate('app.site_settings.low_vision_hint')}
        </Typography>
        <Button variant="contained" disabled={!settings.data || saving} onClick={() => void save()}>
          {translate('app.site_settings.save')}
        </Button>
      </CardContent>
    </Card>
  );
};
