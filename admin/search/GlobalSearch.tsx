import { Card, CardContent, CardHeader, List as MuiList, ListItem, ListItemText, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Link, useCreatePath, useGetList, useTranslate } from 'react-admin';
import { SEARCH_QUERY_MAX, type AdminSearchResult } from '@lib/search.js';

const DEBOUNCE_MS = 300;

/**
 * Finds any item by a word in any of its forms (drafts and scheduled ones too) among the resources the user's
 * role may read, and opens its edit screen.
 */
export const GlobalSearch = () => {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const { data, isFetching } = useGetList<AdminSearchResult & { id: number }>(
    'search',
    { filter: { q }, pagination: { page: 1, perPage: 20 } },
    { enabled: q.length > 0 },
  );
  return (
    <Card>
      <CardHeader title={translate('app.search.title')} />
      <CardContent>
        <TextField
          fullWidth
          size="small"
          type="search"
          label={translate('app.search.label')}
          helperText={translate('app.search.hint')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          slotProps={{
            htmlInput: {
              maxLength: SEARCH_QUERY_MAX,
              'data-testid': 'global-search',
            },
          }}
        />
        {q && !isFetching && data?.length === 0 && <Typography variant="body2">{translate('app.search.nothing')}</Typography>}
        {q && data && data.length > 0 && (
          <MuiList dense>
            {data.map((item) => (
              <ListItem key={`${item.resource}-${item.id}`} disableGutters>
                <ListItemText
                  primary={
                    <Link
                      to={createPath({
                        resource: item.resource,
                        type: 'edit',
                        id: item.id,
                      })}
                    >
                      {item.title}
                    </Link>
                  }
                  secondary={[item.kind, new Date(item.date).toLocaleDateString('ru-RU'), item.published ? null : translate('app.search.draft')]
                    .filter(Boolean)
                    .join(' · ')}
                />
              </ListItem>
            ))}
          </MuiList>
        )}
      </CardContent>
    </Card>
  );
};
