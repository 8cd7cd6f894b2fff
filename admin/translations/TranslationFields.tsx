import { Alert, Box, Typography } from '@mui/material';
import { useState } from 'react';
import { TextInput, useResourceContext, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { plainText } from '@lib/html.js';
import type { TranslationLocale } from '@lib/locales.js';
import { localizedFieldsOf, resourceNamed, type LocalizedField } from '@lib/resources/index.js';
import { validatorsOf } from '../common/rules.js';
import { RichTextInput } from '../inputs/RichTextInput.js';
import { CopyFromRussianButton } from './CopyFromRussianButton.js';
import { translationPath } from './values.js';

/** A localized field's Russian value as the form holds it now, read-only, beside its translation. */
const RussianValue = ({ name, field }: { name: string; field: LocalizedField }) => {
  const translate = useTranslate();
  const value: unknown = useWatch({ name });
  const text = typeof value === 'string' ? (field.kind === 'html' ? plainText(value, { paragraphs: true }) : value).trim() : '';
  return (
    <Box sx={{ pt: 1 }}>
      <Typography variant="caption" color="text.secondary">
        {translate('app.translation.in_russian')}
      </Typography>
      <Typography
        variant="body2"
        color={text ? 'text.primary' : 'text.secondary'}
        sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: '12em', overflow: 'auto' }}
        data-russian-value={name}
      >
        {text || translate('app.translation.russian_empty')}
      </Typography>
    </Box>
  );
};

/** A localized field's input in another language, by its kind: none is required, as a version is written in steps. */
const TranslationInput = ({ resource, locale, name, field }: { resource: string; locale: TranslationLocale; name: string; field: LocalizedField }) => {
  const translate = useTranslate();
  const source = translationPath(locale, name);
  const label = translate(`resources.${resource}.fields.${name}`);
  const validate = validatorsOf(field.kind === 'slug' ? field : { ...field, required: false });
  if (field.kind === 'html') return <RichTextInput source={source} label={label} fullWidth validate={validate} />;
  return (
    <TextInput
      source={source}
      label={label}
      validate={validate}
      fullWidth
      multiline={field.kind === 'text' && field.multiline === true}
      helperText={field.kind === 'slug' ? 'app.translation.slug_hint' : undefined}
    />
  );
};

/**
 * A record's version in another language: each localized field's input with its Russian value beside it for
 * reference, and «Скопировать из русской версии». The other fields are the same in both languages and stay on the
 * Russian side.
 */
export const TranslationFields = ({ locale }: { locale: TranslationLocale }) => {
  const translate = useTranslate();
  const resource = useResourceContext() ?? '';
  const descriptor = resourceNamed(resource);
  // Copied values reach the inputs by drawing them anew: the rich-text editor reads its value when it starts.
  const [copies, setCopies] = useState(0);
  if (!descriptor) return null;
  const fields = localizedFieldsOf(descriptor);
  return (
    <Box sx={{ width: '100%' }} data-translation={locale}>
      <Alert severity="info" sx={{ mb: 2 }}>
        {translate('app.translation.shared_note')}
      </Alert>
      <CopyFromRussianButton locale={locale} fields={fields} onCopied={() => setCopies((count) => count + 1)} />
      <Box key={copies} sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 3fr) minmax(0, 2fr)' }, columnGap: 3, mt: 2 }}>
        {fields.map(([name, field]) => (
          <Box key={name} sx={{ display: 'contents' }}>
            <TranslationInput resource={resource} locale={locale} name={name} field={field} />
            <RussianValue name={name} field={field} />
          </Box>
        ))}
      </Box>
    </Box>
  );
};
