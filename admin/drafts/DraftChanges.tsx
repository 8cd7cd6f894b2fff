import { Box, Typography } from '@mui/material';
import { useTranslate, type RaRecord } from 'react-admin';
import type { RecordDraft } from '../../dataProvider/index.js';
import { readableValue } from '../revisions/values.js';
import { WordDiff } from '../revisions/WordDiff.js';
import { comparedFieldLabel, comparedFieldsOf, valueAt } from '../translations/values.js';

/** The fields the draft changes, each as «Было» (the live version) and «Стало» (the draft) with the words marked. */
export const DraftChanges = ({ resource, live, draft }: { resource: string; live: RaRecord; draft: RecordDraft }) => {
  const translate = useTranslate();
  const fields = comparedFieldsOf(resource);
  if (draft.changed.length === 0) return <Typography variant="body2">{translate('app.draft.no_changes')}</Typography>;
  return (
    <Box component="dl" sx={{ m: 0 }} data-testid="draft-changes">
      {draft.changed.map((name) => {
        const before = readableValue(fields[name], valueAt(live, name), translate);
        const after = readableValue(fields[name], valueAt(draft.values, name), translate);
        return (
          <Box key={name} sx={{ mb: 1.5 }} data-testid={`draft-change-${name}`}>
            <Typography component="dt" variant="subtitle2">
              {comparedFieldLabel(translate, resource, name)}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0 }}>
              {translate('app.draft.before')}: {before || translate('app.draft.empty')}
            </Typography>
            <Box component="dd" sx={{ m: 0 }}>
              <Typography variant="body2" component="span">
                {translate('app.draft.after')}:{' '}
              </Typography>
              {before || after ? <WordDiff before={before} after={after} /> : translate('app.draft.empty')}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
};
