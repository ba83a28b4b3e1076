/**
 * The background jobs' history for the owner (docs/admin.md): the latest jobs (mails, imports,
 * recurring work), newest first, with their state, times, retries and last error, and how many
 * jobs are waiting or running now. Read-only: a job is retried by the API, never from here.
 */
import { Chip, Typography } from '@mui/material';
import { DataTable, DateField, FunctionField, List, TopToolbar, useListContext } from 'react-admin';
import { IST_DATE_FIELD } from '../api';

/** A job as GET /admin/api/jobs answers it (times ISO 8601). */
export type JobRow = {
  id: string;
  name: string;
  state: 'created' | 'retry' | 'active' | 'completed' | 'failed' | 'cancelled';
  createdAt: string;
  startedAt: string | null;
  completedAt: string | null;
  retryCount: number;
  error: string | null;
};

const STATE_CHIPS: Record<
  JobRow['state'],
  { label: string; color: 'default' | 'info' | 'success' | 'warning' | 'error' }
> = {
  created: { label: 'Queued', color: 'default' },
  active: { label: 'Running', color: 'info' },
  retry: { label: 'Waiting to retry', color: 'warning' },
  completed: { label: 'Done', color: 'success' },
  failed: { label: 'Failed', color: 'error' },
  cancelled: { label: 'Cancelled', color: 'default' },
};

/** Jobs queued, waiting to retry or running right now (the list's `meta.depth`, from the API). */
function QueueDepth() {
  const { meta } = useListContext();
  const depth = (meta as { depth?: number } | undefined)?.depth;
  return (
    <TopToolbar sx={{ alignItems: 'center' }}>
      <Typography variant="body2">{depth === undefined ? '' : `Waiting or running now: ${depth}`}</Typography>
    </TopToolbar>
  );
}

export function JobList() {
  return (
    <List actions={<QueueDepth />} exporter={false} perPage={50} title="Jobs">
      <DataTable rowClick={false} bulkActionButtons={false}>
        <DataTable.Col source="name" label="Job" />
        <DataTable.Col label="State">
          <FunctionField<JobRow> render={(j) => <Chip size="small" variant="outlined" {...STATE_CHIPS[j.state]} />} />
        </DataTable.Col>
        <DataTable.Col label="Created">
          <DateField source="createdAt" {...IST_DATE_FIELD} />
        </DataTable.Col>
        <DataTable.Col label="Started">
          <DateField source="startedAt" {...IST_DATE_FIELD} emptyText="–" />
        </DataTable.Col>
        <DataTable.Col label="Ended">
          <DateField source="completedAt" {...IST_DATE_FIELD} emptyText="–" />
        </DataTable.Col>
        <DataTable.Col source="retryCount" label="Retries" />
        <DataTable.Col label="Last error">
          <FunctionField<JobRow>
            render={(j) =>
              j.error ? (
                <Typography
                  variant="body2"
                  title={j.error}
                  sx={{ minWidth: 220, maxWidth: 360, overflowWrap: 'anywhere' }}
                >
                  {j.error.length > 160 ? `${j.error.slice(0, 160)}…` : j.error}
                </Typography>
              ) : null
            }
          />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
