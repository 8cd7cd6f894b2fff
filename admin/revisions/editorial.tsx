import { Card, CardContent, LinearProgress } from '@mui/material';
import type { ReactElement } from 'react';
import { ListButton, TopToolbar, useResourceContext, useTranslate } from 'react-admin';
import type { ResourceDescriptor } from '@lib/resources/index.js';
import { lazyScreen } from '../common/lazyScreen.js';
import { useTranslationLocalesOf } from '../translations/siteLocales.js';
import { ASIDE_SX } from './asideStyle.js';
import { PreviewButton } from './PreviewButton.js';

const HistoryLoading = () => {
  const translate = useTranslate();
  return (
    <Card sx={ASIDE_SX}>
      <CardContent>
        <LinearProgress aria-label={translate('app.revisions.loading')} />
      </CardContent>
    </Card>
  );
};

// The history (and the diff library) loads only when an edit screen with a history opens.
const RevisionsPanel = lazyScreen(async () => (await import('./RevisionsPanel.js')).default, <HistoryLoading />);

/** The edit screen's side panel of a resource that declares `revisions`: its history. */
export function editAsideOf(resource: ResourceDescriptor | undefined): ReactElement | undefined {
  if (!resource?.revisions) return undefined;
  return <RevisionsPanel />;
}

/** «Предпросмотр» of the Russian page and, where the site has English, one more of the English page. */
const PreviewButtons = () => {
  const locales = useTranslationLocalesOf(useResourceContext());
  return (
    <>
      <PreviewButton />
      {locales.map((locale) => (
        <PreviewButton key={locale} locale={locale} />
      ))}
    </>
  );
};

/** The edit screen's buttons of a resource with a public page (and has no buttons of its own). */
export function editActionsOf(resource: ResourceDescriptor | undefined): ReactElement | undefined {
  if (!resource?.public?.page) return undefined;
  return (
    <TopToolbar>
      <PreviewButtons />
      <ListButton />
    </TopToolbar>
  );
}
