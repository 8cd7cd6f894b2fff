import { Box, Button, Link as ExternalLink, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { TextInput, useRecordContext, useTranslate } from 'react-admin';
import { ResourceForm } from '../common/ResourceForm.js';
import { rules } from '../common/rules.js';
import type { Asset } from '../../dataProvider/index.js';
import { useAssetFacts } from './AssetCard.js';
import { AssetRemoveButton } from './AssetRemoveButton.js';
import { AssetUses } from './AssetUses.js';
import { FocalPointInput } from './FocalPointInput.js';
import { FolderChooser, folderIdOf } from './folders.js';
import { ReplaceFileButton } from './ReplaceFileButton.js';

/** The asset's folder (its name; the root when none) and «Сменить папку», chosen in the folder tree. */
const FolderInput = () => {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const name = useWatch({ name: 'folder_name' }) as string | null | undefined;
  const [choosing, setChoosing] = useState(false);
  return (
    <Stack direction="row" alignItems="center" gap={2} sx={{ my: 1 }}>
      <Typography variant="body2">
        {translate('app.assets.edit.folder')}: <strong>{name || translate('app.assets.folders.root')}</strong>
      </Typography>
      <Button size="small" onClick={() => setChoosing(true)}>
        {translate('app.assets.edit.folder_change')}
      </Button>
      {choosing ? (
        <FolderChooser
          onChoose={(path) => {
            setChoosing(false);
            setValue('folder_id', folderIdOf(path), { shouldDirty: true });
            setValue('folder_name', path.at(-1)?.name ?? null, { shouldDirty: true });
          }}
          onClose={() => setChoosing(false)}
        />
      ) : null}
    </Stack>
  );
};

/** What the asset is: its file's address, format, size and dimensions. */
const AssetFacts = () => {
  const record = useRecordContext<Asset>();
  const translate = useTranslate();
  const facts = useAssetFacts();
  if (!record) return null;
  return (
    <Box sx={{ my: 1 }}>
      <Typography variant="body2">
        {record.format.toUpperCase()} · {facts(record)} ·{' '}
        <ExternalLink href={record.url} target="_blank" rel="noopener">
          {translate('app.assets.edit.open_file')}
        </ExternalLink>
      </Typography>
    </Box>
  );
};

/** An asset's edit screen: name, alt text, caption, folder, focal point, where it is used, its file's replacement. */
export const AssetForm = () => {
  const record = useRecordContext<Asset>();
  return (
    <ResourceForm remove={<AssetRemoveButton />}>
      <AssetFacts />
      <FocalPointInput />
      <ReplaceFileButton />
      <TextInput source="name" validate={rules('assets', 'name')} fullWidth />
      <TextInput source="alt" validate={rules('assets', 'alt')} fullWidth />
      <TextInput source="caption" validate={rules('assets', 'caption')} multiline minRows={2} fullWidth />
      <FolderInput />
      <AssetUses id={record?.id} />
    </ResourceForm>
  );
};
