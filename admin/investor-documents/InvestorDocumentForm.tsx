import { Link, Typography } from '@mui/material';
import { FileField, FileInput, SelectInput, TextInput, useRecordContext, useTranslate } from 'react-admin';
import type { DownloadFile } from '@lib/types.js';
import { choicesOf } from '../common/choices.js';
import { formatFileSize } from '../common/fields.js';
import { FlagInput } from '../inputs/FlagInput.js';
import { LibraryChoice } from '../inputs/LibraryChoice.js';
import { acceptOf, rules } from '../common/rules.js';
import { UploadProgress } from '../common/uploadProgress.js';
import { NumericInput } from '../inputs/NumericInput.js';
import { PublicAtInput, UnpublishAtInput } from '../inputs/PublicAtInput.js';
import { ResourceForm } from '../common/ResourceForm.js';
import { isNewFile, ScanAlert } from '../common/textLayer.js';

/** The stored document: a link to it with its size (and a scan's warning); a new file chosen below replaces it on save. */
const CurrentFile = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  const file = (record?.file ?? null) as DownloadFile | null;
  if (!file) return null;
  return (
    <>
      <Typography variant="body2" sx={{ my: 1 }}>
        {translate('resources.investor-documents.current_file')}:{' '}
        <Link href={file.url} target="_blank" rel="noreferrer">
          {file.name}
        </Link>{' '}
        · {formatFileSize(file.size)}
      </Typography>
      <ScanAlert file={file} />
    </>
  );
};

/** An investor document: one PDF, DOCX, XLSX or ZIP file with its title, category, year and publication moment. */
export const InvestorDocumentForm = () => {
  const translate = useTranslate();
  return (
    <ResourceForm defaultValues={() => ({ public_at: new Date().toISOString(), year: new Date().getFullYear() })}>
      <TextInput source="title" validate={rules('investor-documents', 'title')} fullWidth />
      <SelectInput
        source="category"
        choices={choicesOf('investor-documents', 'category')}
        translateChoice={false}
        validate={rules('investor-documents', 'category')}
      />
      <NumericInput source="year" validate={rules('investor-documents', 'year')} />
      <PublicAtInput source="public_at" validate={rules('investor-documents', 'public_at')} />
      <UnpublishAtInput validate={rules('investor-documents', 'unpublish_at')} />
      <FlagInput source="published" />
      <CurrentFile />
      <FileInput
        source="file"
        accept={acceptOf('investor-documents', 'file')}
        format={(value: unknown) => (isNewFile(value) ? value : null)}
        placeholder={<p>{translate('resources.investor-documents.file_drop')}</p>}
        validate={rules('investor-documents', 'file')}
      >
        <FileField source="src" title="title" />
      </FileInput>
      <LibraryChoice source="file" kind="document" />
      <UploadProgress />
    </ResourceForm>
  );
};
