import { DateInput, FilterButton, List, SearchInput, SelectField, SelectInput, TextField, TopToolbar } from 'react-admin';
import { choicesOf } from '../common/choices.js';
import { DateTimeField } from '../common/fields.js';
import { PhoneField } from './PhoneField.js';
import { ResponsiveDatagrid } from '../common/ResponsiveDatagrid.js';
import { ReferenceInput } from '../inputs/ReferenceInput.js';
import { EraseButton } from './EraseButton.js';
import { ExportCsvButton } from './ExportCsvButton.js';
import { ListPagination } from '../common/ListPagination.js';

const STATUSES = choicesOf('enquiries', 'status');

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={STATUSES} translateChoice={false} alwaysOn />,
  <ReferenceInput key="topic_id" source="topic_id" reference="enquiry-topics" sort={{ field: 'position', order: 'ASC' }}>
    <SelectInput optionText="title" />
  </ReferenceInput>,
  <DateInput key="created_on" source="created_on" />,
];

/** No «Создать»: enquiries come from the site. */
const actions = (
  <TopToolbar>
    <FilterButton />
    <ExportCsvButton />
    <EraseButton />
  </TopToolbar>
);

/** Visitors' enquiries, newest first, filtered by status, topic and day; staff open one to change its status and note. */
export const EnquiryList = () => (
  <List pagination={<ListPagination />} sort={{ field: 'created_at', order: 'DESC' }} filters={filters} actions={actions} perPage={25} exporter={false}>
    <ResponsiveDatagrid rowClick="edit" bulkActionButtons={false}>
      <TextField source="id" />
      <DateTimeField source="created_at" />
      <SelectField source="status" choices={STATUSES} translateChoice={false} />
      <TextField source="topic_title" />
      <TextField source="name" />
      <TextField source="email" />
      <PhoneField source="phone" />
    </ResponsiveDatagrid>
  </List>
);
