/**
 * The register of personal data breaches (docs/admin.md "Data breaches"): every breach the store
 * found, what it touched, what was done, and when the Data Protection Board and the people
 * affected were told; one form to record or complete an entry. Owner only (the menu hides it
 * from other roles; the API refuses them), every save audited.
 */
import { Typography } from '@mui/material';
import type { DataBreach } from '@vastra/contracts';
import {
  Create,
  DataTable,
  DateTimeInput,
  Edit,
  List,
  NumberInput,
  SimpleForm,
  TextInput,
  minValue,
  required,
} from 'react-admin';
import { istDateTime } from '../api';

const when = (iso: string | null) => (iso ? istDateTime(iso) : 'Not yet');

export function DataBreachList() {
  return (
    <List exporter={false} pagination={false} title="Data breaches">
      <DataTable<DataBreach> bulkActionButtons={false}>
        <DataTable.Col label="Discovered" render={(b) => istDateTime(b.discoveredAt)} />
        <DataTable.Col source="description" label="What happened" />
        <DataTable.Col source="dataCategories" label="Data affected" />
        <DataTable.Col source="approxAffected" label="People (about)" />
        <DataTable.Col label="Board told" render={(b) => when(b.reportedToBoardAt)} />
        <DataTable.Col label="People told" render={(b) => when(b.peopleInformedAt)} />
      </DataTable>
    </List>
  );
}

function BreachForm() {
  return (
    <SimpleForm>
      <DateTimeInput source="discoveredAt" label="Discovered at" validate={required()} />
      <TextInput source="description" label="What happened" multiline minRows={3} validate={required()} fullWidth />
      <TextInput
        source="dataCategories"
        label="Personal data affected"
        helperText="e.g. names, delivery addresses, mobile numbers"
        validate={required()}
        fullWidth
      />
      <NumberInput source="approxAffected" label="People affected (about)" validate={[required(), minValue(0)]} />
      <TextInput source="measuresTaken" label="Measures taken" multiline minRows={2} fullWidth />
      <DateTimeInput source="reportedToBoardAt" label="Reported to the Data Protection Board at" />
      <DateTimeInput source="peopleInformedAt" label="People affected informed at" />
      <Typography variant="body2" color="text.secondary">
        The Board and each person affected must be told without delay; the Board’s detailed report is due within 72
        hours of discovery.
      </Typography>
    </SimpleForm>
  );
}

export function DataBreachCreate() {
  return (
    <Create title="Record a data breach" redirect="list">
      <BreachForm />
    </Create>
  );
}

export function DataBreachEdit() {
  return (
    <Edit title="Data breach" mutationMode="pessimistic" redirect="list">
      <BreachForm />
    </Edit>
  );
}
