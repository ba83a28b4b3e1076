/**
 * Policy pages (docs/admin.md "Policies"; docs/behaviour.md "Policies and listing details"): the
 * store's five pages (returns, refunds and exchanges; shipping; cancellation; terms; privacy),
 * owner only. The form replaces a page's title and Markdown text; "Preview" shows the text as
 * shoppers will see it (the API's rendering: raw HTML shown as text, no script links). Pages are
 * neither made nor removed: the API keeps all five. Each save is audited and bumps the version.
 */
import { Alert, Box, Button, Typography } from '@mui/material';
import type { AdminPolicy } from '@vastra/contracts';
import { POLICY_BODY_MAX } from '@vastra/contracts';
import { useState } from 'react';
import {
  DataTable,
  DateField,
  Edit,
  FormDataConsumer,
  FunctionField,
  List,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  maxLength,
  required,
  useNotify,
  useRecordContext,
  useRedirect,
} from 'react-admin';
import { adminApi } from '../client';

export function PolicyList() {
  return (
    <List exporter={false} title="Policies" pagination={false}>
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="title" label="Page" />
        <DataTable.Col label="Address">
          <FunctionField<AdminPolicy> render={(p) => `/policies/${p.slug}`} />
        </DataTable.Col>
        <DataTable.Col source="version" label="Version" align="right" />
        <DataTable.Col label="Updated">
          <DateField source="updatedAt" showTime />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

function PolicyTitle() {
  const policy = useRecordContext<AdminPolicy>();
  return <>{policy ? `Policy: ${policy.title}` : 'Policy'}</>;
}

/** The form's Markdown as shoppers will see it, asked of the API when the owner presses Preview. */
function PolicyPreview({ body }: { body: string | undefined }) {
  const notify = useNotify();
  const [html, setHtml] = useState<string | null>(null);
  const preview = () =>
    adminApi.policies.preview(body ?? '').then(
      (answer) => setHtml(answer.html),
      (err: Error) => notify(err.message, { type: 'error' }),
    );
  return (
    <Box sx={{ width: '100%' }}>
      <Button variant="outlined" onClick={() => void preview()} disabled={!body?.trim()}>
        Preview
      </Button>
      {html !== null && (
        <Box
          component="section"
          aria-label="Preview"
          sx={{ mt: 2, p: 2, border: 1, borderColor: 'divider', borderRadius: 1, '& h2': { fontSize: '1.15rem' } }}
          // The API's rendering: raw HTML in the Markdown comes back as text.
          dangerouslySetInnerHTML={{ __html: html }}
        />
      )}
    </Box>
  );
}

export function PolicyEdit() {
  const notify = useNotify();
  const redirect = useRedirect();
  const onSuccess = () => {
    notify('Policy saved: shoppers see it within seconds', { type: 'success' });
    redirect('list', 'policies');
  };
  return (
    <Edit title={<PolicyTitle />} mutationMode="pessimistic" mutationOptions={{ onSuccess }}>
      <Alert severity="info" sx={{ m: 2, mb: 0 }}>
        Write in Markdown: a blank line between paragraphs, <code>## </code> before a heading, <code>- </code> before a
        list item, <code>**bold**</code>. HTML is shown as text. Saving replaces the page and raises its version.
      </Alert>
      <SimpleForm
        sx={{ maxWidth: 1000 }}
        toolbar={
          // No delete: the store always has its five pages.
          <Toolbar>
            <SaveButton />
          </Toolbar>
        }
      >
        <TextInput source="title" label="Title" validate={[required(), maxLength(120)]} fullWidth />
        <TextInput
          source="body"
          label="Text (Markdown)"
          validate={[required(), maxLength(POLICY_BODY_MAX)]}
          multiline
          minRows={16}
          fullWidth
        />
        <Typography variant="body2" color="text.secondary">
          Check how the page will look before saving.
        </Typography>
        <FormDataConsumer<{ body?: string }>>
          {({ formData }) => <PolicyPreview body={formData.body} />}
        </FormDataConsumer>
      </SimpleForm>
    </Edit>
  );
}
