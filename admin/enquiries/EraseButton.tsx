import PersonOffIcon from '@mui/icons-material/PersonOff';
import { Stack, TextField as TextBox } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useNotify, usePermissions } from 'react-admin';
import type { AdminDataProvider } from '../../dataProvider/index.js';
import { ConfirmButton } from '../buttons/ConfirmButton.js';
import { ENQUIRY_TEXTS } from './texts.js';

/**
 * «Удалить данные заявителя» (MANAGER only): on a person's request, every enquiry with their e-mail or phone is
 * erased with its consent proof; the audit log keeps who did it and how many went.
 */
export const EraseButton = () => {
  const { permissions } = usePermissions<string>();
  const [person, setPerson] = useState({ email: '', phone: '' });
  const notify = useNotify();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const queryClient = useQueryClient();
  if (permissions !== 'MANAGER') return null;
  const erase = async () => {
    try {
      const { data } = await dataProvider.erasePersonalData('enquiries', person);
      await queryClient.invalidateQueries({ queryKey: ['enquiries'] });
      notify(ENQUIRY_TEXTS.erased(data.erased), { type: 'success' });
      setPerson({ email: '', phone: '' });
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), { type: 'error' });
    }
  };
  const content = (
    <Stack spacing={2} sx={{ pt: 1 }}>
      <span>{ENQUIRY_TEXTS.eraseHelp}</span>
      <TextBox label={ENQUIRY_TEXTS.email} value={person.email} onChange={(event) => setPerson({ ...person, email: event.target.value })} />
      <TextBox label={ENQUIRY_TEXTS.phone} value={person.phone} onChange={(event) => setPerson({ ...person, phone: event.target.value })} />
    </Stack>
  );
  return <ConfirmButton label={ENQUIRY_TEXTS.erase} icon={<PersonOffIcon />} color="error" content={content} confirmColor="warning" onConfirm={erase} />;
};
