import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useRef, useState, type ChangeEvent } from 'react';
import { Button, HttpError, useDataProvider, useNotify, useRefresh } from 'react-admin';
import type { AdminDataProvider } from '../../dataProvider/index.js';

/** The server's per-line problems of a refused import, one per line of the notification. */
function refusalOf(error: unknown): string {
  if (error instanceof HttpError) {
    const body = error.body as { errors?: Record<string, string[] | string> } | undefined;
    const lines = body?.errors?.csv;
    if (Array.isArray(lines) && lines.length > 0) return `${error.message}\n${lines.join('\n')}`;
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * «Импорт из CSV»: a file of lines `старый адрес,новый адрес` (commas, semicolons or tabs; a header line is
 * allowed). The server takes all lines or none and names the lines it refuses.
 */
export const ImportRedirectsButton = () => {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setBusy(true);
    try {
      const { data } = await dataProvider.importRedirects('redirects', { csv: await file.text() });
      notify('app.redirects.imported', { type: 'success', messageArgs: { smart_count: data.imported } });
      refresh();
    } catch (error) {
      notify(refusalOf(error), { type: 'error', multiLine: true, autoHideDuration: 15_000 });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button label="app.redirects.import" onClick={() => input.current?.click()} disabled={busy}>
        <UploadFileIcon />
      </Button>
      <input ref={input} type="file" accept=".csv,text/csv,text/plain" hidden onChange={(event) => void upload(event)} data-testid="redirects-import-file" />
    </>
  );
};
