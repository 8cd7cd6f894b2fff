import { Box, Link, Typography } from '@mui/material';
import {
  CheckboxGroupInput,
  FileField,
  FileInput,
  FormDataConsumer,
  regex,
  required,
  SelectInput,
  TextInput,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import type { LogoFile } from '@lib/types.js';
import { formatFileSize } from '../common/fields.js';
import { choicesOf } from '../common/choices.js';
import { acceptOf, rules } from '../common/rules.js';
import { ReferenceInput } from '../inputs/ReferenceInput.js';
import { ResourceForm } from '../common/ResourceForm.js';
import { LibraryFiles } from './LibraryFiles.js';

function isNewFile(value: unknown): boolean {
  return typeof value === 'object' && value !== null && 'rawFile' in value;
}

/** The logo's files on the server: links to them, and which to keep (unticked ones are removed on save). */
const CurrentFiles = () => {
  const record = useRecordContext();
  const files = (record?.files ?? []) as LogoFile[];
  if (files.length === 0) return null;
  return (
    <Box sx={{ my: 1 }}>
      {files.map((file) => (
        <Typography key={file.id} variant="body2">
          <Link href={file.url} target="_blank" rel="noreferrer">
            {file.format.toUpperCase()}
          </Link>{' '}
          · {formatFileSize(file.size)}
        </Typography>
      ))}
      <CheckboxGroupInput
        source="keep_file_ids"
        label="app.photobank.keep_files"
        choices={files.map((file) => ({ id: file.id, name: `${file.format.toUpperCase()} · ${formatFileSize(file.size)}` }))}
        format={(value: unknown) => (Array.isArray(value) ? value : files.map((file) => file.id))}
      />
    </Box>
  );
};

const hexRule = regex(/^#[0-9a-f]{6}$/i, 'app.input.hex_invalid');

/** A logo (files in several formats) or a colour (HEX, RGB, CMYK, Pantone) of a logo category. */
export const LogoForm = () => {
  const translate = useTranslate();
  return (
    <ResourceForm defaultValues={{ type: 'logo' }}>
      <ReferenceInput source="category_id" reference="photobank-categories" sort={{ field: 'position', order: 'ASC' }}>
        <SelectInput optionText="title" validate={rules('photobank-logos', 'category_id')} />
      </ReferenceInput>
      <SelectInput source="type" choices={choicesOf('photobank-logos', 'type')} validate={rules('photobank-logos', 'type')} />
      <TextInput source="title" validate={rules('photobank-logos', 'title')} fullWidth />
      <FormDataConsumer<{ type?: string }>>
        {({ formData }) =>
          formData.type === 'colour' ? (
            <Box>
              <TextInput
                source="hex"
                validate={[required(), hexRule, ...rules('photobank-logos', 'hex')]}
                parse={(value: string) => `#${value.replace(/[^0-9a-f]/gi, '').slice(0, 6)}`}
              />
              <TextInput source="rgb" validate={rules('photobank-logos', 'rgb')} />
              <TextInput source="cmyk" validate={rules('photobank-logos', 'cmyk')} />
              <TextInput source="pantone" validate={rules('photobank-logos', 'pantone')} />
            </Box>
          ) : (
            <Box>
              <CurrentFiles />
              <FileInput
                source="files"
                multiple
                accept={acceptOf('photobank-logos', 'files')}
                format={(value: unknown) => (Array.isArray(value) ? value.filter(isNewFile) : [])}
                placeholder={<p>{translate('app.input.files_drop')}</p>}
                validate={rules('photobank-logos', 'files')}
              >
                <FileField source="src" title="title" />
              </FileInput>
              <LibraryFiles accept={Object.values(acceptOf('photobank-logos', 'files')).flat().join(',')} />
            </Box>
          )
        }
      </FormDataConsumer>
    </ResourceForm>
  );
};
