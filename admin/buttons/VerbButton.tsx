import { IconButton, Tooltip } from '@mui/material';
import type { ReactElement } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, useDataProvider, useNotify, useRecordContext, useResourceContext, useTranslate, type RaRecord } from 'react-admin';
import type { AdminDataProvider } from '../../dataProvider/index.js';

export type Verb = 'fix' | 'unfix' | 'moveUp' | 'moveDown';

export interface VerbButtonProps {
  verb: Verb;
  label: string;
  icon: ReactElement;
  /** i18n key of the success message. */
  success: string;
  disabled?: boolean;
  /** Only the icon (with the label as its accessible name and tooltip), for narrow list columns. */
  iconOnly?: boolean;
}

/**
 * Calls one custom verb of the dataProvider for the current record, then refetches the resource's lists — the
 * page the user is on is reloaded (fixing, unfixing or moving a video reloads the current page of the video list).
 */
export const VerbButton = ({ verb, label, icon, success, disabled, iconOnly = false }: VerbButtonProps) => {
  const record = useRecordContext();
  const resource = useResourceContext();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const mutation = useMutation<{ data: RaRecord }, Error, RaRecord['id']>({
    mutationFn: (id) => dataProvider[verb](resource ?? '', { id }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [resource, 'getList'] }),
        queryClient.invalidateQueries({ queryKey: [resource, 'getOne'] }),
      ]);
      notify(success, { type: 'info' });
    },
    onError: (error) => notify(error.message, { type: 'error' }),
  });
  if (!record || !resource) return null;
  const onClick = (event: { stopPropagation: () => void }) => {
    event.stopPropagation();
    mutation.mutate(record.id);
  };
  if (iconOnly) {
    const text = translate(label);
    return (
      <Tooltip title={text}>
        <span>
          <IconButton size="small" color="primary" aria-label={text} disabled={disabled || mutation.isPending} onClick={onClick}>
            {icon}
          </IconButton>
        </span>
      </Tooltip>
    );
  }
  return (
    <Button label={label} disabled={disabled || mutation.isPending} onClick={onClick}>
      {icon}
    </Button>
  );
};
