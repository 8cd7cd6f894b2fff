import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import type { TranslationLocale } from '@lib/locales.js';
import type { LocalizedField } from '@lib/resources/index.js';
import { translationPath } from './values.js';

const isFilled = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** Which of a language's fields a copy writes over: the empty ones, or all of them. */
type CopyScope = 'empty' | 'all';

/**
 * «Скопировать из русской версии»: fills a language's fields with their Russian values, to translate them in place.
 * Fields already written there are replaced only when the editor says so. The slug is not copied: the English
 * address is optional, and a Russian one (transliterated Russian words) makes no English address.
 */
export const CopyFromRussianButton = ({
  locale,
  fields,
  onCopied,
}: {
  locale: TranslationLocale;
  fields: readonly [string, LocalizedField][];
  onCopied: () => void;
}) => {
  const translate = useTranslate();
  const { getValues, setValue } = useFormContext();
  const [asking, setAsking] = useState(false);
  const copied = fields.filter(([, field]) => field.kind !== 'slug').map(([name]) => name);

  const copy = (scope: CopyScope) => {
    setAsking(false);
    for (const name of copied) {
      const russian: unknown = getValues(name);
      const path = translationPath(locale, name);
      if (!isFilled(russian) || (scope === 'empty' && isFilled(getValues(path)))) continue;
      setValue(path, russian, { shouldDirty: true });
    }
    onCopied();
  };
  const start = () => {
    if (copied.some((name) => isFilled(getValues(translationPath(locale, name))))) setAsking(true);
    else copy('all');
  };

  return (
    <>
      <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={start}>
        {translate('app.translation.copy')}
      </Button>
      <Dialog open={asking} onClose={() => setAsking(false)}>
        <DialogTitle>{translate('app.translation.copy')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate('app.translation.copy_which')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(false)}>{translate('ra.action.cancel')}</Button>
          <Button onClick={() => copy('empty')}>{translate('app.translation.copy_empty')}</Button>
          <Button color="warning" onClick={() => copy('all')}>
            {translate('app.translation.copy_all')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
};
