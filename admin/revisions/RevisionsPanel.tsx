import HistoryIcon from '@mui/icons-material/History';
import { Box, Button, Card, CardContent, LinearProgress, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Confirm, useDataProvider, useNotify, useRecordContext, useResourceContext, useTranslate, type Identifier } from 'react-admin';
import type { RevisionSummary } from '@lib/revisions.js';
import type { AdminDataProvider } from '../../dataProvider/index.js';
import { useReportError } from '../profile/useAccount.js';
import { ASIDE_SX } from './asideStyle.js';
import { RevisionDiff } from './RevisionDiff.js';
import { formatSavedAt, versionLabel } from './values.js';
import { comparedFieldLabel } from '../translations/values.js';

const historyKey = (resource: string, id: Identifier | undefined) => [resource, 'revisions', id] as const;

/**
 * «История изменений» beside an edit form: every save kept the version it replaced, with who made that save, when and
 * which fields it changed, read a page of summaries at a time («Показать ещё» reads the next). An entry is named for
 * what it holds, «Версия до правки …» (the version before that person's save), which is what «Восстановить» brings
 * back. «Сравнить» shows that version against the next one (or any two); «Восстановить» saves it again after a
 * confirmation (the current version stays in the history). The history is read again whenever the record the screen
 * shows changes (a save, a publication, a restore), so a new entry appears without reopening the screen. Loaded lazily
 * with the diff library.
 */
export default function RevisionsPanel() {
  const record = useRecordContext();
  const resource = useResourceContext() ?? '';
  const translate = useTranslate();
  const notify = useNotify();
  const report = useReportError();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const queryClient = useQueryClient();
  const [comparing, setComparing] = useState<number | null>(null);
  const [restoring, setRestoring] = useState<RevisionSummary | null>(null);

  const history = useInfiniteQuery({
    queryKey: historyKey(resource, record?.id),
    queryFn: async ({ pageParam }) => (await dataProvider.getRevisions(resource, { id: record?.id ?? '', page: pageParam })).data,
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.pageCount ? last.page + 1 : undefined),
    enabled: record !== undefined,
  });
  // Every write the screen shows (a save that stays on the form, a published draft, a restore) gives the record a new
  // version: the history then has a new entry, so it is read again.
  const shown = record ? `${String(record.version)}|${String(record.updated_at)}` : '';
  const seen = useRef(shown);
  const recordId = record?.id;
  useEffect(() => {
    if (seen.current === shown) return;
    seen.current = shown;
    void queryClient.invalidateQueries({ queryKey: historyKey(resource, recordId) });
  }, [shown, queryClient, resource, recordId]);
  const restore = useMutation({
    mutationFn: (revision: RevisionSummary) => dataProvider.restoreRevision(resource, { id: record?.id ?? '', revisionId: revision.id }),
    onSuccess: async () => {
      setRestoring(null);
      notify('app.revisions.restored', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: historyKey(resource, record?.id) });
    },
    onError: async (error) => {
      setRestoring(null);
      await report(error);
    },
  });
  if (!record) return null;

  const fieldNames = (names: readonly string[]) => names.map((name) => comparedFieldLabel(translate, resource, name)).join(', ');
  const entries = history.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Card component="aside" aria-labelledby="revisions-title" sx={ASIDE_SX}>
      <CardContent>
        <Stack direction="row" spacing={1} alignItems="center">
          <HistoryIcon color="action" />
          <Typography id="revisions-title" variant="h6" component="h2">
            {translate('app.revisions.title')}
          </Typography>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {translate('app.revisions.hint')}
        </Typography>
        {history.isPending && <LinearProgress sx={{ mt: 2 }} aria-label={translate('app.revisions.loading')} />}
        {history.isError && (
          <Typography color="error" sx={{ mt: 2 }}>
            {translate('app.revisions.load_failed')}
          </Typography>
        )}
        {history.isSuccess && entries.length === 0 && <Typography sx={{ mt: 2 }}>{translate('app.revisions.empty')}</Typography>}
        <List dense aria-label={translate('app.revisions.title')}>
          {entries.map((entry) => {
            const named = { date: formatSavedAt(entry.created_at), email: entry.user_email || translate('app.revisions.unknown_user') };
            return (
              <ListItem key={entry.id} divider disableGutters sx={{ display: 'block' }} data-testid="revision">
                <ListItemText
                  primary={translate('app.revisions.before_edit_by', named)}
                  secondary={
                    <>
                      {translate('app.revisions.edit_at', named)}
                      <br />
                      {translate('app.revisions.changed', { fields: fieldNames(entry.changed) })}
                    </>
                  }
                />
                <Box sx={{ display: 'flex', gap: 1 }}>
                  <Button size="small" onClick={() => setComparing(entry.id)} aria-label={translate('app.revisions.compare_entry', named)}>
                    {translate('app.revisions.compare')}
                  </Button>
                  <Button
                    size="small"
                    disabled={restore.isPending}
                    onClick={() => setRestoring(entry)}
                    aria-label={translate('app.revisions.restore_entry', named)}
                  >
                    {translate('app.revisions.restore')}
                  </Button>
                </Box>
              </ListItem>
            );
          })}
        </List>
        {history.hasNextPage && (
          <Button size="small" onClick={() => void history.fetchNextPage()} disabled={history.isFetchingNextPage}>
            {translate('app.revisions.more')}
          </Button>
        )}
      </CardContent>
      {comparing !== null && <RevisionDiff resource={resource} record={record} history={entries} initial={comparing} onClose={() => setComparing(null)} />}
      <Confirm
        isOpen={restoring !== null}
        loading={restore.isPending}
        title="app.revisions.restore_title"
        content={translate('app.revisions.restore_entry_content', { version: restoring ? versionLabel(translate, restoring) : '' })}
        confirm="app.revisions.restore"
        onConfirm={() => restoring && restore.mutate(restoring)}
        onClose={() => setRestoring(null)}
      />
    </Card>
  );
}
