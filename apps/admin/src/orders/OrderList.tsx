/**
 * The order list (docs/admin.md): search by order number, shopper email or phone, or AWB;
 * filters by status, payment, dates, state and pincode; CSV export of the filtered list; bulk
 * confirm and pack, and the shipping operations (book, labels, manifest, pickup, shipped;
 * ShippingActions.tsx) for roles that may change orders. A table at desk width, a list on a phone.
 */
import { Button as MuiButton, useMediaQuery, type Theme } from '@mui/material';
import {
  ORDER_STATUSES,
  ORDER_STATUS_LABELS,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  type AdminOrderRow,
} from '@vastra/contracts';
import {
  Button,
  DatagridConfigurable,
  DateField,
  DateInput,
  FilterButton,
  FunctionField,
  List,
  SearchInput,
  SelectInput,
  SimpleList,
  TextField,
  TextInput,
  TopToolbar,
  useDataProvider,
  useListContext,
  useNotify,
  usePermissions,
  useRefresh,
  useUnselectAll,
} from 'react-admin';
import { IST_DATE_FIELD, query, rupees } from '../api';
import { can } from '../authProvider';
import type { VastraDataProvider } from '../dataProvider';
import { BulkShippingActions } from './ShippingActions';

const choices = (values: readonly string[], label = (v: string) => v) => values.map((id) => ({ id, name: label(id) }));

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Order no., email, phone or AWB" />,
  <SelectInput
    key="status"
    source="status"
    choices={choices(ORDER_STATUSES, (s) => ORDER_STATUS_LABELS[s as keyof typeof ORDER_STATUS_LABELS])}
  />,
  <SelectInput
    key="paymentGateway"
    source="paymentGateway"
    label="Payment method"
    choices={choices(PAYMENT_METHODS)}
  />,
  <SelectInput key="paymentStatus" source="paymentStatus" label="Payment status" choices={choices(PAYMENT_STATUSES)} />,
  <DateInput key="from" source="from" label="Placed from" />,
  <DateInput key="to" source="to" label="Placed until" />,
  <TextInput key="state" source="state" label="State" />,
  <TextInput key="pincode" source="pincode" label="Pincode" />,
];

function ExportCsv() {
  const { filterValues } = useListContext();
  return (
    <MuiButton size="small" href={`/admin/api/orders/export${query(filterValues)}`} download>
      Export CSV
    </MuiButton>
  );
}

function BulkStep({ to, label }: { to: 'confirmed' | 'packed'; label: string }) {
  const { selectedIds } = useListContext();
  const dataProvider = useDataProvider<VastraDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const unselect = useUnselectAll('orders');
  const run = async () => {
    const { moved, refused } = await dataProvider.bulkSteps(selectedIds, to);
    notify(`${moved.length} moved${refused.length ? `, ${refused.length} refused: ${refused[0]!.message}` : ''}`, {
      type: refused.length ? 'warning' : 'info',
    });
    unselect();
    refresh();
  };
  return <Button label={label} onClick={run} />;
}

function BulkActions() {
  return (
    <>
      <BulkStep to="confirmed" label="Confirm" />
      <BulkStep to="packed" label="Pack" />
      <BulkShippingActions />
    </>
  );
}

const status = (row: AdminOrderRow) =>
  ORDER_STATUS_LABELS[row.status as keyof typeof ORDER_STATUS_LABELS] ?? row.status;

export function OrderList() {
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const { permissions } = usePermissions();
  return (
    <List
      filters={filters}
      sort={{ field: 'createdAt', order: 'DESC' }}
      actions={
        <TopToolbar>
          <FilterButton />
          <ExportCsv />
        </TopToolbar>
      }
    >
      {small ? (
        <SimpleList<AdminOrderRow>
          primaryText={(r) => `${r.orderNumber} · ${r.customerName}`}
          secondaryText={(r) => `${status(r)} · ${r.city} ${r.pincode}`}
          tertiaryText={(r) => rupees(r.totalPaise)}
          linkType="show"
        />
      ) : (
        <DatagridConfigurable
          rowClick="show"
          bulkActionButtons={can(permissions, 'orders.write') ? <BulkActions /> : false}
        >
          <TextField source="orderNumber" label="Order" sortable={false} />
          <DateField source="createdAt" label="Placed" {...IST_DATE_FIELD} sortable={false} />
          <TextField source="customerName" label="Customer" sortable={false} />
          <TextField source="phone" sortable={false} />
          <FunctionField<AdminOrderRow> label="Status" render={status} />
          <FunctionField<AdminOrderRow> label="Payment" render={(r) => `${r.paymentGateway} · ${r.paymentStatus}`} />
          <FunctionField<AdminOrderRow> label="Ship to" render={(r) => `${r.city}, ${r.state} ${r.pincode}`} />
          <TextField source="itemCount" label="Pieces" sortable={false} />
          <FunctionField<AdminOrderRow> label="Total" render={(r) => rupees(r.totalPaise)} textAlign="right" />
          <TextField source="awb" label="AWB" sortable={false} emptyText="—" />
        </DatagridConfigurable>
      )}
    </List>
  );
}
