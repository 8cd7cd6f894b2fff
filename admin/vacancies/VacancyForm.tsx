import { SelectInput, TextInput } from 'react-admin';
import { choicesOf } from '../common/choices.js';
import { ResourceForm } from '../common/ResourceForm.js';
import { rules } from '../common/rules.js';
import { FlagInput } from '../inputs/FlagInput.js';
import { NumericInput } from '../inputs/NumericInput.js';
import { PublicAtInput, UnpublishAtInput } from '../inputs/PublicAtInput.js';
import { RichTextInput } from '../inputs/RichTextInput.js';

/** A vacancy: position, city, salary range in roubles (either end may be left empty), employment and description. */
export const VacancyForm = () => (
  <ResourceForm defaultValues={() => ({ public_at: new Date().toISOString(), employment: 'full' })}>
    <TextInput source="title" validate={rules('vacancies', 'title')} fullWidth />
    <TextInput source="slug" validate={rules('vacancies', 'slug')} fullWidth />
    <TextInput source="city" validate={rules('vacancies', 'city')} />
    <NumericInput source="salary_from" validate={rules('vacancies', 'salary_from')} />
    <NumericInput source="salary_to" validate={rules('vacancies', 'salary_to')} />
    <SelectInput source="employment" choices={choicesOf('vacancies', 'employment')} translateChoice={false} validate={rules('vacancies', 'employment')} />
    <PublicAtInput source="public_at" validate={rules('vacancies', 'public_at')} />
    <UnpublishAtInput validate={rules('vacancies', 'unpublish_at')} />
    <FlagInput source="published" />
    <RichTextInput source="description" fullWidth validate={rules('vacancies', 'description')} />
  </ResourceForm>
);
