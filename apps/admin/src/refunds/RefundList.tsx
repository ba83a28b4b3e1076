/**
 * Refunds across orders (docs/admin.md): pending and failed ones by default, or the manual
 * (cash on delivery) ones the store paid by hand; a pending gateway refund can be retried.
 */
import { REFUND_METHODS, REFUND_STATUSES, type RefundQueueRow } from '@vastra/contracts';
import {
  Button,
  DataTable,
  DateField,
  FunctionField,
  Link,
  List,
  SelectInput,
  useDataProvider,
  useNotify,
  useRefresh,
} from 'react-admin';
import { IST_DATE_FIELD, rupees } from '../api';
import type { VastraDataProvider } from '../dataProvider';

/** The refunds that want the store: not yet through, or refused by the gateway. */
const WAITING = 'pending,failed';
const STATUS_CHOICES = [{ id: WAITING, name: 'Pending or failed' }, ...REFUND_STATUSES.map((id) => ({ id, name: id }))];

function Retry({ row }: { row: RefundQueueRow }) {
  const dataProvider = useDataProvider<VastraDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  if (row.method !== 'gateway' || row.status === 'completed') return null;
  const retry = async () => {
    try {
      await dataProvider.retryRefund(row.id);
      notify('Refund asked of the gateway again', { type: 'info' });
      refresh();
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    }
  };
  return <Button label="Retry" onClick={retry} />;
}

export function RefundList() {
  return (
    <List
      filters={[
        <SelectInput key="status" source="status" choices={STATUS_CHOICES} />,
        <SelectInput key="method" source="method" choices={REFUND_METHODS.map((id) => ({ id, name: id }))} />,
      ]}
      filterDefaultValues={{ status: WAITING }}
      exporter={false}
    >
      <DataTable rowClick={false} bulkActionButtons={false}>
        <DataTable.Col label="Order">
          <FunctionField<RefundQueueRow>
            render={(r) => <Link to={`/orders/${r.orderId}/show`}>{r.orderNumber}</Link>}
          />
        </DataTable.Col>
        <DataTable.Col source="method" />
        <DataTable.Col source="status" />
        <DataTable.Col label="Amount">
          <FunctionField<RefundQueueRow> render={(r) => rupees(r.amountPaise)} />
        </DataTable.Col>
        <DataTable.Col source="lastError" label="Last error" />
        <DataTable.Col label="Asked">
          <DateField source="createdAt" {...IST_DATE_FIELD} />
        </DataTable.Col>
        <DataTable.Col label="">
          <FunctionField<RefundQueueRow> render={(r) => <Retry row={r} />} />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
