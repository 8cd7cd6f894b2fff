import { Card, CardContent, CardHeader, Grid, List as MuiList, ListItem, ListItemText, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Title, useCreatePath, useDataProvider, useGetIdentity, useGetList, useTranslate, type RaRecord } from 'react-admin';
import type { AdminDataProvider } from '../dataProvider/index.js';
import { permissionsAllow } from '../authProvider/index.js';
import { cappedTotal, listTotalCap } from '@lib/listTotals.js';
import { formatMoney } from '@lib/money.js';
import { GENERALS_KEY, READS_KEY } from './cache.js';
import { useDraftsApi } from './autosave/draftsApi.js';
import { ListCard } from './common/ListCard.js';
import { useRights } from './common/recordRights.js';
import { useNewEnquiries } from './common/newEnquiries.js';
import { ReviewQueueCards } from './review/ReviewQueueCards.js';
import { GlobalSearch } from './search/GlobalSearch.js';

const COUNTED = ['news', 'media-our', 'media-other', 'media-video', 'photobank-photos'] as const;

/** How many records a resource holds: exact up to the lists' count cap, «более 10 000» past it. */
const Count = ({ resource }: { resource: string }) => {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const { total = 0, isPending } = useGetList(resource, { pagination: { page: 1, perPage: 1 } });
  const capped = cappedTotal(total, listTotalCap(resource, undefined));
  return (
    <ListItem disableGutters>
      <ListItemText
        primary={<Link to={createPath({ resource, type: 'list' })}>{translate(`resources.${resource}.name`, { smart_count: 2 })}</Link>}
        secondary={isPending ? '…' : capped === null ? formatMoney(total) : translate('app.list.more_than', { total: formatMoney(capped) })}
      />
    </ListItem>
  );
};

const ruDateTime = (iso: unknown) => (typeof iso === 'string' ? new Date(iso).toLocaleString('ru-RU', { dateStyle: 'short', timeStyle: 'short' }) : '');

/** What is scheduled to appear next: published items whose public_at has not come yet, soonest first. */
const Scheduled = () => {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const params = { pagination: { page: 1, perPage: 20 }, sort: { field: 'public_at', order: 'DESC' as const }, filter: { published: 1 } };
  const rights = useRights();
  // Only what the account may read: a list it may not would be refused.
  const news = useGetList('news', params, { enabled: permissionsAllow(rights, 'news', 'read') });
  const ours = useGetList('media-our', params, { enabled: permissionsAllow(rights, 'media-our', 'read') });
  // The moment the dashboard opened: what comes after it is upcoming.
  const [now] = useState(() => Date.now());
  const upcoming = [
    ...(news.data ?? []).map((record) => ({ record, resource: 'news' })),
    ...(ours.data ?? []).map((record) => ({ record, resource: 'media-our' })),
  ]
    .filter(({ record }) => typeof record.public_at === 'string' && new Date(record.public_at).getTime() > now)
    .sort((a, b) => new Date(String(a.record.public_at)).getTime() - new Date(String(b.record.public_at)).getTime());
  return (
    <Card>
      <CardHeader title={translate('app.dashboard.scheduled')} />
      <CardContent>
        {upcoming.length === 0 ? (
          <Typography variant="body2">{translate('app.dashboard.no_scheduled')}</Typography>
        ) : (
          <MuiList dense>
            {upcoming.map(({ record, resource }: { record: RaRecord; resource: string }) => (
              <ListItem key={`${resource}-${String(record.id)}`} disableGutters>
                <ListItemText
                  primary={<Link to={createPath({ resource, type: 'edit', id: record.id })}>{String(record.title)}</Link>}
                  secondary={`${ruDateTime(record.public_at)} · ${translate(`resources.${resource}.name`, { smart_count: 1 })}`}
                />
              </ListItem>
            ))}
          </MuiList>
        )}
      </CardContent>
    </Card>
  );
};

/** The editor's own work: the forms' kept versions (unsaved changes) to go back to, and the records changed last. */
const MyWorkCards = () => {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const { api, userId } = useDraftsApi();
  const { data } = useQuery({ queryKey: ['my-work', userId], queryFn: () => api.mine(), enabled: userId !== null });
  const kind = (resource: string) => translate(`resources.${resource}.name`, { smart_count: 1 });
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 6 }}>
        <ListCard title={translate('app.dashboard.drafts')} empty={translate('app.dashboard.no_drafts')} testId="my-drafts">
          {(data?.drafts ?? []).map((draft) => (
            <ListItem key={`${draft.resource}-${draft.record_key}`} disableGutters>
              <ListItemText
                primary={
                  <Link
                    to={
                      draft.record_key === 'new'
                        ? createPath({ resource: draft.resource, type: 'create' })
                        : createPath({ resource: draft.resource, type: 'edit', id: draft.record_key })
                    }
                  >
                    {draft.title || translate('app.dashboard.untitled')}
                  </Link>
                }
                secondary={`${ruDateTime(draft.saved_at)} · ${kind(draft.resource)}${draft.record_key === 'new' ? `, ${translate('app.dashboard.new_record')}` : ''}`}
              />
            </ListItem>
          ))}
        </ListCard>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <ListCard title={translate('app.dashboard.edits')} empty={translate('app.dashboard.no_edits')} testId="my-edits">
          {(data?.edits ?? []).map((edit) => (
            <ListItem key={`${edit.resource}-${edit.record_id}`} disableGutters>
              <ListItemText
                primary={<Link to={createPath({ resource: edit.resource, type: 'edit', id: edit.record_id })}>{edit.title || `№${edit.record_id}`}</Link>}
                secondary={`${ruDateTime(edit.created_at)} · ${kind(edit.resource)}`}
              />
            </ListItem>
          ))}
        </ListCard>
      </Grid>
    </Grid>
  );
};

/** The new enquiries waiting for an answer: how many, and the newest five (the menu's count reads the same). */
const NewEnquiries = () => {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const { data = [], total = 0, canAccess } = useNewEnquiries();
  if (!canAccess) return null;
  return (
    <ListCard title={translate('app.dashboard.enquiries', { count: total })} empty={translate('app.dashboard.no_enquiries')} testId="new-enquiries-card">
      {data.map((enquiry) => (
        <ListItem key={String(enquiry.id)} disableGutters>
          <ListItemText
            primary={
              <Link to={createPath({ resource: 'enquiries', type: 'edit', id: enquiry.id })}>{`№${String(enquiry.id)} ${String(enquiry.name ?? '')}`}</Link>
            }
            secondary={`${ruDateTime(enquiry.created_at)} · ${String(enquiry.topic_title ?? '')}`}
          />
        </ListItem>
      ))}
    </ListCard>
  );
};

/** The media section's generals and most-read items, refetched after add or edit of news, press or video. */
const MediaSummaries = () => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const generals = useQuery({ queryKey: GENERALS_KEY, queryFn: async () => (await dataProvider.getGenerals('media', {})).data });
  const reads = useQuery({ queryKey: READS_KEY, queryFn: async () => (await dataProvider.getReads('media', {})).data });
  const none = translate('app.dashboard.none');
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 6 }}>
        <Card data-testid="generals">
          <CardHeader title={translate('app.dashboard.generals')} />
          <CardContent>
            <MuiList dense>
              <ListItem disableGutters>
                <ListItemText primary={generals.data?.our?.title ?? none} secondary={translate('app.dashboard.general_our')} />
              </ListItem>
              <ListItem disableGutters>
                <ListItemText primary={generals.data?.other?.title ?? none} secondary={translate('app.dashboard.general_other')} />
              </ListItem>
              <ListItem disableGutters>
                <ListItemText primary={generals.data?.video?.title ?? none} secondary={translate('app.dashboard.general_video')} />
              </ListItem>
            </MuiList>
          </CardContent>
        </Card>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Card data-testid="reads">
          <CardHeader title={translate('app.dashboard.reads')} />
          <CardContent>
            {reads.data && reads.data.length > 0 ? (
              <MuiList dense>
                {reads.data.map((item) => (
                  <ListItem key={item.id} disableGutters>
                    <ListItemText primary={item.title} secondary={ruDateTime(item.public_at)} />
                  </ListItem>
                ))}
              </MuiList>
            ) : (
              <Typography variant="body2">{translate('app.dashboard.no_reads')}</Typography>
            )}
          </CardContent>
        </Card>
      </Grid>
    </Grid>
  );
};

const Counts = () => {
  const translate = useTranslate();
  const rights = useRights();
  return (
    <Card>
      <CardHeader title={translate('app.dashboard.counts')} />
      <CardContent>
        <MuiList dense>
          {COUNTED.filter((resource) => permissionsAllow(rights, resource, 'read')).map((resource) => (
            <Count key={resource} resource={resource} />
          ))}
        </MuiList>
      </CardContent>
    </Card>
  );
};

/**
 * The dashboard: the editor's own unsaved and recent work, the new enquiries, what is scheduled next, counts, the
 * media generals and the most-read items.
 */
export const Dashboard = () => {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  return (
    <Grid container spacing={2} sx={{ mt: 1 }}>
      <Title title="app.menu.dashboard" />
      <Grid size={12}>
        <Typography variant="h5" component="h1">
          {translate('app.dashboard.welcome', { name: identity?.fullName ?? '' })}
        </Typography>
      </Grid>
      <Grid size={12}>
        <GlobalSearch />
      </Grid>
      <Grid size={12}>
        <MyWorkCards />
      </Grid>
      <Grid size={12}>
        <ReviewQueueCards />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <NewEnquiries />
      </Grid>
      <Grid size={{ xs: 12, md: 8 }}>
        <Scheduled />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <Counts />
      </Grid>
      <Grid size={{ xs: 12, md: 8 }}>
        <MediaSummaries />
      </Grid>
    </Grid>
  );
};
