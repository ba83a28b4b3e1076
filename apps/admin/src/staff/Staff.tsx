/**
 * Staff and the audit log, for the owner (docs/admin.md): the staff list with role changes and
 * disabling, an invitation form (the set-up link goes by mail), and the audit log filtered by
 * record and action.
 */
import { ADMIN_ROLES, type AuditEntry } from '@vastra/contracts';
import {
  BooleanField,
  BooleanInput,
  Create,
  DataTable,
  DateField,
  Edit,
  FunctionField,
  List,
  SelectInput,
  SimpleForm,
  TextInput,
  required,
} from 'react-admin';
import { IST_DATE_FIELD } from '../api';

const roles = ADMIN_ROLES.map((id) => ({ id, name: id }));

export function StaffList() {
  return (
    <List pagination={false} exporter={false}>
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="name" />
        <DataTable.Col source="email" />
        <DataTable.Col source="role" />
        <DataTable.Col label="2FA">
          <BooleanField source="totpEnabled" />
        </DataTable.Col>
        <DataTable.Col label="Disabled">
          <BooleanField source="disabled" />
        </DataTable.Col>
        <DataTable.Col label="Last sign-in">
          <DateField source="lastLoginAt" {...IST_DATE_FIELD} emptyText="never" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

export function StaffInvite() {
  return (
    <Create title="Invite a staff member" redirect="list">
      <SimpleForm>
        <TextInput source="name" validate={required()} />
        <TextInput source="email" type="email" validate={required()} />
        <SelectInput source="role" choices={roles} validate={required()} defaultValue="support" />
      </SimpleForm>
    </Create>
  );
}

export function StaffEdit() {
  return (
    <Edit mutationMode="pessimistic">
      <SimpleForm>
        <TextInput source="name" disabled />
        <TextInput source="email" disabled />
        <SelectInput source="role" choices={roles} validate={required()} />
        <BooleanInput source="disabled" label="Disabled (signs them out)" />
      </SimpleForm>
    </Edit>
  );
}

export function AuditList() {
  return (
    <List
      filters={[
        <TextInput key="action" source="action" />,
        <TextInput key="entity" source="entity" />,
        <TextInput key="entityId" source="entityId" label="Record id" />,
      ]}
      exporter={false}
    >
      <DataTable rowClick={false} bulkActionButtons={false}>
        <DataTable.Col label="When">
          <DateField source="at" {...IST_DATE_FIELD} />
        </DataTable.Col>
        <DataTable.Col label="Who">
          <FunctionField<AuditEntry> render={(e) => `${e.actor.email} (${e.actor.role})`} />
        </DataTable.Col>
        <DataTable.Col source="action" />
        <DataTable.Col source="entity" />
        <DataTable.Col source="entityId" label="Record" />
      </DataTable>
    </List>
  );
}
