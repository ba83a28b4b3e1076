/**
 * Customers (docs/admin.md): the list with search by name, email or phone and the blocked
 * filter; one customer with orders, returns, addresses, store credit and internal notes; the
 * owner can block the account (its sessions end; it cannot log in or order) and unblock it, and
 * credit or debit its store credit.
 */
import { Box, Button, Card, CardContent, Typography, useMediaQuery, type Theme } from '@mui/material';
import {
  ORDER_STATUS_LABELS,
  type AddressBookEntry,
  type AdminNote,
  type CustomerRow,
  type Order,
  type ReturnRequest,
} from '@vastra/contracts';
import {
  BooleanField,
  DataTable,
  DateField,
  Link,
  List,
  Loading,
  SearchInput,
  SelectInput,
  Show,
  SimpleList,
  Title,
  useDataProvider,
  useNotify,
  usePermissions,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import { istDate } from '../api';
import { can } from '../authProvider';
import { phoneText } from './phone-text';
import type { VastraDataProvider } from '../dataProvider';
import { NotesCard } from '../orders/NotesCard';
import { WalletCard } from './WalletCard';

type CustomerRecord = CustomerRow & {
  orders: Order[];
  returns: ReturnRequest[];
  addresses: AddressBookEntry[];
  notes: AdminNote[];
};

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Name, email or phone" />,
  <SelectInput
    key="blocked"
    source="blocked"
    choices={[
      { id: 'true', name: 'Blocked' },
      { id: 'false', name: 'Not blocked' },
    ]}
  />,
];

export function CustomerList() {
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <List filters={filters} exporter={false}>
      {small ? (
        <SimpleList<CustomerRow>
          primaryText={(r) => r.name}
          secondaryText={(r) => r.email ?? phoneText(r)}
          tertiaryText={(r) => (r.blocked ? 'Blocked' : '')}
          linkType="show"
        />
      ) : (
        <DataTable rowClick="show" bulkActionButtons={false}>
          <DataTable.Col source="name" />
          <DataTable.Col source="email" />
          <DataTable.Col source="phone" />
          <DataTable.Col label="Verified">
            <BooleanField source="isEmailVerified" />
          </DataTable.Col>
          <DataTable.Col label="Blocked">
            <BooleanField source="blocked" />
          </DataTable.Col>
          <DataTable.Col label="Joined">
            <DateField source="createdAt" locales="en-IN" options={{ timeZone: 'Asia/Kolkata' }} />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}

function CustomerDetail() {
  const customer = useRecordContext<CustomerRecord>();
  const dataProvider = useDataProvider<VastraDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const { permissions } = usePermissions();
  // react-admin first shows the list's row (no orders yet) while the detail loads.
  if (!customer?.orders) return <Loading />;
  const toggle = async () => {
    try {
      await dataProvider.setBlocked(customer.id, !customer.blocked);
      notify(customer.blocked ? 'Account unblocked' : 'Account blocked: its sessions have ended', { type: 'info' });
      refresh();
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    }
  };
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title={customer.name} />
      <Typography component="h1" variant="h5">
        {customer.name} {customer.blocked ? '(blocked)' : ''}
      </Typography>
      <Typography>
        {customer.email ?? 'no email'} · {phoneText(customer)} · joined {istDate(customer.createdAt)}
      </Typography>
      {can(permissions, 'customers.block') ? (
        <Button color={customer.blocked ? 'primary' : 'error'} onClick={toggle} sx={{ my: 1 }}>
          {customer.blocked ? 'Unblock account' : 'Block account'}
        </Button>
      ) : null}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 1fr)' },
          mt: 1,
        }}
      >
        <Box>
          <Card sx={{ mb: 2 }}>
            <CardContent>
              <Typography component="h2" variant="h6">
                Orders
              </Typography>
              {customer.orders.map((o) => (
                <Typography key={o.id}>
                  <Link to={`/orders/${o.id}/show`}>{o.orderNumber}</Link> · {ORDER_STATUS_LABELS[o.status]} ·{' '}
                  {istDate(o.createdAt)}
                </Typography>
              ))}
            </CardContent>
          </Card>
          <Card sx={{ mb: 2 }}>
            <CardContent>
              <Typography component="h2" variant="h6">
                Returns
              </Typography>
              {customer.returns.map((r) => (
                <Typography key={r.id}>
                  {r.orderNumber} · {r.status} · {r.reason}
                </Typography>
              ))}
            </CardContent>
          </Card>
        </Box>
        <Box>
          <Card sx={{ mb: 2 }}>
            <CardContent>
              <Typography component="h2" variant="h6">
                Addresses
              </Typography>
              {customer.addresses.map((a) => (
                <Typography key={a.id} sx={{ mb: 1 }}>
                  {a.street}, {a.city}, {a.state} {a.postalCode}
                </Typography>
              ))}
            </CardContent>
          </Card>
          <WalletCard customerId={String(customer.id)} canAdjust={can(permissions, 'customers.wallet')} />
          <NotesCard entity="customers" id={customer.id} notes={customer.notes} />
        </Box>
      </Box>
    </Box>
  );
}

export function CustomerShow() {
  return (
    <Show actions={false} title={false} component="div">
      <CustomerDetail />
    </Show>
  );
}
