import { Box, Chip, List, ListItem, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link, useDataProvider, useTranslate, type Identifier } from 'react-admin';
import type { AdminDataProvider, AssetUse } from '../../dataProvider/index.js';

/** The records that use an asset (`GET assets/:id/uses`). */
export function useAssetUses(id: Identifier | undefined) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  return useQuery({
    queryKey: ['assets', 'uses', String(id)],
    queryFn: async () => (await dataProvider.getAssetUses('assets', { id: id ?? 0 })).data,
    enabled: id !== undefined,
  });
}

/** Each use as a link to the record's edit screen: its section, its title, the field that holds the asset, and whether it is published. */
export const AssetUseList = ({ uses }: { uses: readonly AssetUse[] }) => {
  const translate = useTranslate();
  if (uses.length === 0) return <Typography variant="body2">{translate('app.assets.uses.none')}</Typography>;
  return (
    <List dense aria-label={translate('app.assets.uses.title')}>
      {uses.map((use) => (
        <ListItem key={`${use.resource}-${use.record_id}-${use.field}`} disableGutters>
          <Typography variant="body2">
            {translate(`resources.${use.resource}.name`, { smart_count: 1, _: use.resource })}: <Link to={use.admin_path}>{use.title}</Link>
            {', '}
            {translate('app.assets.uses.field', {
              field: translate(`resources.${use.resource}.fields.${use.field}`, { _: use.field }),
            })}
            {use.published ? <Chip size="small" color="success" variant="outlined" label={translate('app.assets.uses.published')} sx={{ ml: 1 }} /> : null}
          </Typography>
        </ListItem>
      ))}
    </List>
  );
};

/** «Где используется» on the asset's edit screen. */
export const AssetUses = ({ id }: { id: Identifier | undefined }) => {
  const translate = useTranslate();
  const { data } = useAssetUses(id);
  return (
    <Box sx={{ my: 2, width: '100%' }}>
      <Typography variant="subtitle1">{translate('app.assets.uses.title')}</Typography>
      {data ? <AssetUseList uses={data} /> : null}
    </Box>
  );
};
