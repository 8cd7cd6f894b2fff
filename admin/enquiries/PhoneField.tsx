import { Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { formatStoredPhone } from '@lib/phone.js';

/** An enquiry's phone as people write it («+7 912 345-67-89»), not as stored; «—» when none. */
export const PhoneField = (_props: { source: 'phone'; label?: string }) => {
  const record = useRecordContext<{ id: number; phone?: string }>();
  const phone = record?.phone ?? '';
  return (
    <Typography component="span" variant="body2" sx={{ whiteSpace: 'nowrap' }}>
      {phone ? formatStoredPhone(phone) : '—'}
    </Typography>
  );
};
