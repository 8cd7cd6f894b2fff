import { Box, List, ListItem, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { MergedField } from './merge.js';

interface MergedListProps {
  merged: readonly MergedField[];
  labelOf: (name: string) => string;
  /** The field's text as it will be saved. */
  resultOf: (name: string) => string;
}

/** How a text that will be saved is shown before saving: as read, paragraphs on lines of their own. */
export const ResultText = ({ text, label, testId }: { text: string; label: string; testId: string }) => {
  const translate = useTranslate();
  return (
    <Box
      role="group"
      aria-label={label}
      data-testid={testId}
      sx={{ whiteSpace: 'pre-wrap', color: 'text.secondary', borderLeft: 2, borderColor: 'divider', pl: 1.5, my: 0.5, maxHeight: 180, overflow: 'auto' }}
    >
      {text || translate('app.conflict.empty')}
    </Box>
  );
};

/**
 * The changes merged without asking, each with whose change it keeps and the text the field will hold once saved, so
 * that the merge is seen before it is stored.
 */
export const MergedList = ({ merged, labelOf, resultOf }: MergedListProps) => {
  const translate = useTranslate();
  return (
    <section data-testid="conflict-merged" aria-labelledby="conflict-merged-title">
      <Typography variant="subtitle2" component="h3" id="conflict-merged-title">
        {translate('app.conflict.merged_title')}
      </Typography>
      <List dense disablePadding sx={{ mb: 2 }}>
        {merged.map((field) => (
          <ListItem key={field.name} disableGutters sx={{ display: 'block' }}>
            <Typography variant="body2" data-testid={`conflict-merged-${field.name}`}>
              {translate(`app.conflict.merged_${field.by}`, { field: labelOf(field.name) })}
            </Typography>
            <ResultText
              text={resultOf(field.name)}
              label={translate('app.conflict.merged_result', { field: labelOf(field.name) })}
              testId={`conflict-merged-${field.name}-result`}
            />
          </ListItem>
        ))}
      </List>
    </section>
  );
};
