import { DateField, Labeled, SelectInput, TextField, TextInput } from 'react-admin';
import { choicesOf } from '../common/choices.js';
import { ResourceForm } from '../common/ResourceForm.js';
import { rules } from '../common/rules.js';
import { PhoneField } from './PhoneField.js';
import { ENQUIRY_TEXTS } from './texts.js';

/** What the visitor sent and the proof of their consent, read only; staff set the status and a note. */
export const EnquiryForm = () => (
  <ResourceForm>
    {(['name', 'email', 'phone', 'topic_title'] as const).map((source) => (
      <Labeled key={source} source={source}>
        {source === 'phone' ? <PhoneField source="phone" /> : <TextField source={source} emptyText="—" />}
      </Labeled>
    ))}
    {ENQUIRY_TEXTS.details.map(([source, label]) => (
      <Labeled key={source} label={label}>
        {source === 'consent_at' ? <DateField source={source} showTime locales="ru-RU" /> : <TextField source={source} sx={{ whiteSpace: 'pre-wrap' }} />}
      </Labeled>
    ))}
    <SelectInput source="status" choices={choicesOf('enquiries', 'status')} translateChoice={false} validate={rules('enquiries', 'status')} />
    <TextInput source="note" multiline fullWidth validate={rules('enquiries', 'note')} />
  </ResourceForm>
);
