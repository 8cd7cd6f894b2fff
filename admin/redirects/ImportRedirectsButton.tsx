import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useRef, useState, type ChangeEvent } from 'react';
import { Button, HttpError, useDataProvider, useNotify, useRefresh } from 'react-admin';
import type { ErrorBody } from '../../dataProvider/apiClient.js';
import type { AdminDataProvider } from '../../dataProvider/index.js';

/** The server's message of a refused import, with the lines it refused. */
function refusalOf(error: unknown): string {
  const lines = error instanceof HttpError ? (error.body as ErrorBody | undefined)?.errors?.csv : undefined;
  const message = error instanceof Error ? error.message : String(error);
  return lines ? `${message} ${lines}` : message;
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
      notify(refusalOf(error), { type: 'error', multiLine: true });
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
