import VisibilityIcon from '@mui/icons-material/Visibility';
import { useState } from 'react';
import { Button, useDataProvider, useNotify, useRecordContext, useResourceContext, useTranslate } from 'react-admin';
import type { TranslationLocale } from '@lib/locales.js';
import type { AdminDataProvider } from '../../dataProvider/index.js';
import { useFormUnsaved } from '../common/unsavedForm.js';
import { useReportError } from '../profile/useAccount.js';

/**
 * «Предпросмотр»: opens the saved record's public page in a new tab through a signed link that also shows drafts
 * and scheduled items. The tab opens within the click (no popup blocker stops it) and gets its address once the
 * server has answered; on failure it closes and the error shows as a toast. With `locale`, the record's page in that
 * language (its version there shows even unfinished). While the form holds unsaved changes the button says that it
 * shows the saved version, and a click says so again beside the tab it opens. With `draft`, «Предпросмотр черновика»:
 * the page with the texts of the record's saved draft.
 */
export const PreviewButton = ({ locale, draft = false }: { locale?: TranslationLocale; draft?: boolean }) => {
  const translate = useTranslate();
  const record = useRecordContext();
  const resource = useResourceContext();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const report = useReportError();
  const notify = useNotify();
  const unsaved = useFormUnsaved();
  const [pending, setPending] = useState(false);
  if (!record || !resource) return null;

  const open = async () => {
    const tab = window.open('', '_blank');
    if (unsaved) notify('app.preview.saved_only', { type: 'info' });
    setPending(true);
    try {
      const { data } = await dataProvider.preview(resource, { id: record.id, ...(locale ? { locale } : {}), ...(draft ? { draft } : {}) });
      if (tab) {
        tab.opener = null;
        tab.location.href = data.url;
      } else {
        window.open(data.url, '_blank', 'noopener');
      }
    } catch (error) {
      tab?.close();
      await report(error);
    } finally {
      setPending(false);
    }
  };

  return (
    <Button
      label={
        draft
          ? translate('app.draft.preview')
          : translate(`app.preview.${unsaved ? 'saved' : 'button'}${locale ? '_in' : ''}`, {
              language: locale ? translate(`app.translation.language.${locale}`) : '',
            })
      }
      onClick={() => void open()}
      disabled={pending}
    >
      <VisibilityIcon />
    </Button>
  );
};
