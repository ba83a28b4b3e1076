/**
 * The grievances queue (docs/admin.md "Grievances"): open grievances, soonest resolve-by first,
 * with the days left (OVERDUE in red once past); filters open, overdue and all. The show page has
 * the complainant's details, the order link and the form that moves a grievance in progress or
 * closes it with the resolution the complainant reads (mailed to them). Everyone on staff reads;
 * changing a status needs `grievances.write` (owner and staff, as with returns). Every change is
 * in the audit log.
 */
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Stack,
  TextField as MuiTextField,
  Typography,
} from '@mui/material';
import { type AdminGrievance } from '@vastra/contracts';
import { useState } from 'react';
import {
  Datagrid,
  DateField,
  FunctionField,
  Link,
  List,
  SelectInput,
  Show,
  TextField,
  useDataProvider,
  useNotify,
  usePermissions,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import { IST_DATE_FIELD } from '../api';
import { can } from '../authProvider';
import type { VastraDataProvider } from '../dataProvider';

export const GRIEVANCE_STATUS_LABELS: Record<AdminGrievance['status'], string> = {
  acknowledged: 'Acknowledged',
  in_progress: 'In progress',
  resolved: 'Resolved',
  rejected: 'Rejected',
};

const CATEGORY_LABELS: Record<AdminGrievance['category'], string> = {
  order: 'An order',
  delivery: 'Delivery',
  payment: 'Payment',
  refund_return: 'Refund or return',
  product: 'A product',
  account_privacy: 'Account or data',
  other: 'Other',
};

/** "12 days left", "Due today" or OVERDUE (red) for an open grievance; nothing once closed. */
export function DaysLeft({ grievance }: { grievance: AdminGrievance }) {
  if (grievance.daysLeft === null) return null;
  if (grievance.overdue) return <Chip color="error" size="small" label={`OVERDUE by ${-grievance.daysLeft || 1} d`} />;
  const days = grievance.daysLeft;
  return (
    <Chip
      size="small"
      color={days <= 3 ? 'warning' : 'default'}
      label={days <= 1 ? 'Due today' : `${days} days left`}
    />
  );
}

const filters = [
  <SelectInput
    key="filter"
    source="filter"
    label="Show"
    alwaysOn
    emptyText="Open"
    choices={[
      { id: 'overdue', name: 'Overdue' },
      { id: 'all', name: 'All' },
    ]}
  />,
];

export function GrievanceList() {
  return (
    <List filters={filters} exporter={false} title="Grievances">
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <TextField source="number" label="Number" sortable={false} />
        <DateField source="lodgedAt" label="Lodged" sortable={false} {...IST_DATE_FIELD} />
        <FunctionField
          label="Status"
          render={(g: AdminGrievance) => GRIEVANCE_STATUS_LABELS[g.status]}
          sortable={false}
        />
        <FunctionField label="About" render={(g: AdminGrievance) => CATEGORY_LABELS[g.category]} sortable={false} />
        <DateField source="resolveBy" label="Resolve by" sortable={false} {...IST_DATE_FIELD} />
        <FunctionField label="Days left" render={(g: AdminGrievance) => <DaysLeft grievance={g} />} sortable={false} />
      </Datagrid>
    </List>
  );
}

/** Moves the grievance in progress, or resolves / rejects it with the text the complainant reads. */
function StatusForm({ grievance }: { grievance: AdminGrievance }) {
  const dataProvider = useDataProvider<VastraDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [resolution, setResolution] = useState('');
  const [busy, setBusy] = useState(false);
  const change = async (body: Parameters<VastraDataProvider['grievanceStatus']>[1]) => {
    setBusy(true);
    try {
      await dataProvider.grievanceStatus(grievance.id, body);
      notify('Grievance updated', { type: 'success' });
      refresh();
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const close = (status: 'resolved' | 'rejected') => void change({ status, resolution });
  return (
    <Stack spacing={1.5} sx={{ mt: 2, maxWidth: 640 }}>
      {grievance.status === 'acknowledged' ? (
        <Box>
          <Button variant="outlined" disabled={busy} onClick={() => void change({ status: 'in_progress' })}>
            Mark in progress
          </Button>
        </Box>
      ) : null}
      <MuiTextField
        label="Resolution (the complainant reads and is mailed this)"
        multiline
        minRows={3}
        value={resolution}
        onChange={(e) => setResolution(e.target.value)}
        slotProps={{ htmlInput: { maxLength: 2000 } }}
      />
      <Stack direction="row" spacing={1}>
        <Button variant="contained" disabled={busy || !resolution.trim()} onClick={() => close('resolved')}>
          Resolve
        </Button>
        <Button color="error" disabled={busy || !resolution.trim()} onClick={() => close('rejected')}>
          Reject
        </Button>
      </Stack>
    </Stack>
  );
}

function GrievanceDetail() {
  const grievance = useRecordContext<AdminGrievance & { id: string }>();
  const { permissions } = usePermissions();
  if (!grievance) return null;
  const open = grievance.closedAt === null;
  const date = (iso: string) =>
    new Date(iso).toLocaleString('en-IN', { timeZone: 'Asia/Kolkata', dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Card sx={{ m: { xs: 1, sm: 2 } }}>
      <CardContent>
        <Typography component="h1" variant="h5">
          {grievance.number} · {GRIEVANCE_STATUS_LABELS[grievance.status]} <DaysLeft grievance={grievance} />
        </Typography>
        <Typography color="text.secondary">
          Lodged {date(grievance.lodgedAt)} · acknowledged {date(grievance.acknowledgedAt)} · resolve by{' '}
          {date(grievance.resolveBy)}
          {grievance.closedAt ? ` · closed ${date(grievance.closedAt)}` : ''}
        </Typography>
        <Typography sx={{ mt: 2 }}>
          {grievance.name} · {grievance.email}
          {grievance.phone ? ` · ${grievance.phone}` : ''}
          {grievance.userId ? (
            <>
              {' · '}
              <Link to={`/customers/${grievance.userId}/show`}>customer</Link>
            </>
          ) : (
            ' · guest'
          )}
        </Typography>
        <Typography>
          About: {CATEGORY_LABELS[grievance.category]}
          {grievance.orderId ? (
            <>
              {' · order '}
              <Link to={`/orders/${grievance.orderId}/show`}>{grievance.orderNumber}</Link>
            </>
          ) : null}
        </Typography>
        <Typography sx={{ mt: 2, whiteSpace: 'pre-line' }}>{grievance.description}</Typography>
        {grievance.resolution ? (
          <Alert severity={grievance.status === 'resolved' ? 'success' : 'info'} sx={{ mt: 2, whiteSpace: 'pre-line' }}>
            {grievance.resolution}
          </Alert>
        ) : null}
        {open && can(permissions, 'grievances.write') ? <StatusForm grievance={grievance} /> : null}
      </CardContent>
    </Card>
  );
}

/** The show page; `id` when rendered outside the router's `/grievances/:id/show` (tests). */
export function GrievanceShow({ id }: { id?: string }) {
  return (
    <Show id={id} actions={false} title="Grievance" component="div">
      <GrievanceDetail />
    </Show>
  );
}
