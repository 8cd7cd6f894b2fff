import VisibilityIcon from '@mui/icons-material/Visibility';
import { useState } from 'react';
import { Button, useDataProvider, useRecordContext, useResourceContext } from 'react-admin';
import type { AdminDataProvider } from '../../dataProvider/index.js';
import { useReportError } from '../profile/useAccount.js';

/**
 * «Предпросмотр»: opens the saved record's public page in a new tab through a signed link that also shows drafts
 * and scheduled items. The tab opens within the click (no popup blocker stops it) and gets its address once the
 * server has answered; on failure it closes and the error shows as a toast.
 */
export const PreviewButton = () => {
  const record = useRecordContext();
  const resource = useResourceContext();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const report = useReportError();
  const [pending, setPending] = useState(false);
  if (!record || !resource) return null;

  const open = async () => {
    const tab = window.open('', '_blank');
    setPending(true);
    try {
      const { data } = await dataProvider.preview(resource, { id: record.id });
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
    <Button label="app.preview.button" onClick={() => void open()} disabled={pending}>
      <VisibilityIcon />
    </Button>
  );
};
