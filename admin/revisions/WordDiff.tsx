import { Box } from '@mui/material';
import { diffWords } from 'diff';
import { useTranslate } from 'react-admin';

/** Read by screen readers only: what a highlighted piece of text is (colour alone says nothing to them). */
const SCREEN_READER_ONLY = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  m: '-1px',
  p: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

// diffWords' own tokenizer knows Latin letters only: Russian words need the browser's word segmenter.
const RUSSIAN_WORDS = new Intl.Segmenter('ru', { granularity: 'word' });

/** A text as words removed (`<del>`) and added (`<ins>`) against an earlier one: the history's diff, the conflict view. */
export const WordDiff = ({ before, after }: { before: string; after: string }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', p: 1.5, bgcolor: 'grey.50', borderRadius: 1, lineHeight: 1.7 }}>
      {diffWords(before, after, { intlSegmenter: RUSSIAN_WORDS }).map((part, index) => {
        if (part.added) {
          return (
            <Box key={index} component="ins" sx={{ bgcolor: '#d7f5dd', color: '#0b5323', textDecoration: 'none', borderBottom: '2px solid #2e7d32' }}>
              <Box component="span" sx={SCREEN_READER_ONLY}>{`${translate('app.revisions.added')}: `}</Box>
              {part.value}
            </Box>
          );
        }
        if (part.removed) {
          return (
            <Box key={index} component="del" sx={{ bgcolor: '#fde2e1', color: '#8a1c14' }}>
              <Box component="span" sx={SCREEN_READER_ONLY}>{`${translate('app.revisions.removed')}: `}</Box>
              {part.value}
            </Box>
          );
        }
        return <span key={index}>{part.value}</span>;
      })}
    </Box>
  );
};
