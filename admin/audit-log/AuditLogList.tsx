import {
  FunctionField,
  Link,
  List,
  SearchInput,
  SelectInput,
  TextField,
  TextInput,
  useCreatePath,
  useResourceDefinitions,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { RESOURCES } from '@lib/resources/index.js';
import { ResponsiveDatagrid } from '../common/ResponsiveDatagrid.js';
import { DateTimeField, ExportOnlyBulkActions } from '../common/fields.js';
import { ListPagination } from '../common/ListPagination.js';
import { addScreenTexts } from '../i18n/index.js';
import { AUDIT_ACTIONS, AUDIT_SUBJECTS } from '../i18n/audit.js';

// The words of the actions and subjects load with the log, not with every screen.
addScreenTexts({ resources: { 'audit-log': { actions: AUDIT_ACTIONS, subjects: AUDIT_SUBJECTS } } });

/** One choice per word: the actions it names, comma-separated (the filter sends them as a list). */
const ACTION_CHOICES = [...new Set(Object.values(AUDIT_ACTIONS))].map((word) => ({
  id: Object.keys(AUDIT_ACTIONS)
    .filter((action) => AUDIT_ACTIONS[action] === word)
    .join(','),
  name: `resources.audit-log.actions.${Object.keys(AUDIT_ACTIONS).find((action) => AUDIT_ACTIONS[action] === word) ?? ''}`,
}));

const SUBJECT_CHOICES = [
  ...RESOURCES.map((resource) => ({ id: resource.name, name: `resources.${resource.name}.name` })),
  ...Object.keys(AUDIT_SUBJECTS).map((subject) => ({ id: subject, name: `resources.audit-log.subjects.${subject}` })),
];

const actionsOf = (value: unknown) => (typeof value === 'string' && value !== '' ? value.split(',') : value);
const choiceOf = (value: unknown) => (Array.isArray(value) ? value.join(',') : value);

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="action" source="action" choices={ACTION_CHOICES} parse={actionsOf} format={choiceOf} />,
  <SelectInput key="resource" source="resource" choices={SUBJECT_CHOICES} />,
  <TextInput key="record_id" source="record_id" />,
];

/** The action in words (an action the admin does not know yet, as the server wrote it). */
const ActionField = (_props: { label?: string; sortBy?: string }) => (
  <FunctionField render={(record: RaRecord) => <Translated text={`resources.audit-log.actions.${String(record.action)}`} fallback={String(record.action)} />} />
);

/** What the entry concerns: a resource's name in the singular, or a subject of the log's own. */
const SubjectField = (_props: { label?: string; sortBy?: string }) => (
  <FunctionField
    render={(record: RaRecord) => {
      const subject = String(record.resource);
      const key = subject in AUDIT_SUBJECTS ? `resources.audit-log.subjects.${subject}` : `resources.${subject}.name`;
      return <Translated text={key} fallback={subject} />;
    }}
  />
);

const Translated = ({ text, fallback }: { text: string; fallback: string }) => {
  const translate = useTranslate();
  return <>{translate(text, { smart_count: 1, _: fallback })}</>;
};

/** The record's title, linked to its edit screen while it is there; its id when the log knows no title. */
const RecordField = (_props: { label?: string; sortBy?: string }) => {
  const createPath = useCreatePath();
  const definitions = useResourceDefinitions();
  return (
    <FunctionField
      render={(record: RaRecord) => {
        const title = typeof record.record_title === 'string' && record.record_title !== '' ? record.record_title : String(record.record_id ?? '');
        const resource = typeof record.record_resource === 'string' ? record.record_resource : null;
        if (!resource || !definitions[resource]?.hasEdit) return title;
        return <Link to={createPath({ resource, type: 'edit', id: String(record.record_id) })}>{title}</Link>;
      }}
    />
  );
};

/** The audit log (MANAGER only), read-only, newest first: the actions in words, each record by its title. */
export const AuditLogList = () => (
  <List pagination={<ListPagination />} sort={{ field: 'created_at', order: 'DESC' }} filters={filters} perPage={50}>
    <ResponsiveDatagrid bulkActionButtons={<ExportOnlyBulkActions />} rowClick={false}>
      <DateTimeField source="created_at" />
      <TextField source="user_email" />
      <ActionField label="resources.audit-log.fields.action" sortBy="action" />
      <SubjectField label="resources.audit-log.fields.resource" sortBy="resource" />
      <RecordField label="resources.audit-log.fields.record_title" sortBy="record_id" />
      <TextField source="ip" />
    </ResponsiveDatagrid>
  </List>
);
