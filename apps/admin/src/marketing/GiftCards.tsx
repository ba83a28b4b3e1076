/**
 * Gift cards (docs/admin.md "Coupons and gift cards"): the list with balances; the issue form
 * (amount in rupees, an optional expiry, and a recipient the code is mailed to); one card with
 * its balance and movements (holds, releases, refunds), switched off and on. Owner and staff.
 */
import {
  Box,
  Button,
  Card,
  CardContent,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import {
  GIFT_CARD_MAX_PAISE,
  type AdminGiftCard,
  type AdminGiftCardDetail,
  type GiftCardIssueBody,
  type IssuedGiftCard,
} from '@vastra/contracts';
import {
  BooleanField,
  Create,
  DataTable,
  DateTimeInput,
  FunctionField,
  Link,
  List,
  Loading,
  NumberInput,
  SearchInput,
  SelectInput,
  Show,
  SimpleForm,
  SimpleList,
  TextInput,
  Title,
  email,
  maxValue,
  minValue,
  required,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRedirect,
  useRefresh,
} from 'react-admin';
import { istDate, istDateTime, rupees } from '../api';
import type { VastraDataProvider } from '../dataProvider';
import { RUPEES_INPUT, isoOrNull } from './money';

const stateOf = (c: AdminGiftCard) => (!c.isActive ? 'Disabled' : c.expired ? 'Expired' : 'Active');

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Code" />,
  <SelectInput
    key="active"
    source="active"
    label="Switch"
    choices={[
      { id: 'true', name: 'Active' },
      { id: 'false', name: 'Disabled' },
    ]}
  />,
];

export function GiftCardList() {
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <List filters={filters} exporter={false}>
      {small ? (
        <SimpleList<AdminGiftCard>
          primaryText={(c) => c.code}
          secondaryText={(c) => `${rupees(c.balancePaise)} of ${rupees(c.initialBalancePaise)} · ${stateOf(c)}`}
          linkType="show"
        />
      ) : (
        <DataTable rowClick="show" bulkActionButtons={false}>
          <DataTable.Col source="code" />
          <DataTable.Col label="Balance" align="right">
            <FunctionField<AdminGiftCard> render={(c) => rupees(c.balancePaise)} />
          </DataTable.Col>
          <DataTable.Col label="Issued for" align="right">
            <FunctionField<AdminGiftCard> render={(c) => rupees(c.initialBalancePaise)} />
          </DataTable.Col>
          <DataTable.Col label="Expires">
            <FunctionField<AdminGiftCard> render={(c) => (c.expiresAt ? istDate(c.expiresAt) : 'never')} />
          </DataTable.Col>
          <DataTable.Col label="Active">
            <BooleanField source="isActive" />
          </DataTable.Col>
          <DataTable.Col label="Issued">
            <FunctionField<AdminGiftCard> render={(c) => istDateTime(c.createdAt)} />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}

/** The issue form's values: the card's fields, the recipient's flat (all three empty = no mail). */
type IssueForm = {
  amountPaise: number;
  expiresAt?: string | null;
  recipientEmail?: string;
  recipientName?: string;
  recipientMessage?: string;
};

function issueBody(form: IssueForm): GiftCardIssueBody {
  const email = form.recipientEmail?.trim();
  return {
    amountPaise: form.amountPaise,
    expiresAt: isoOrNull(form.expiresAt),
    recipient: email
      ? { email, name: form.recipientName?.trim() ?? '', message: form.recipientMessage?.trim() ?? '' }
      : null,
  };
}

const nameWithEmail = (name: unknown, values: IssueForm) =>
  values.recipientEmail?.trim() && !String(name ?? '').trim() ? 'Give the recipient’s name.' : undefined;

export function GiftCardIssue() {
  const notify = useNotify();
  const redirect = useRedirect();
  const issued = (card: IssuedGiftCard) => {
    notify(card.mailedTo ? `Gift card issued; its code is being mailed to ${card.mailedTo}` : 'Gift card issued', {
      type: 'info',
    });
    redirect('show', 'gift-cards', card.id);
  };
  return (
    <Create
      title="Issue a gift card"
      transform={(form: IssueForm) => issueBody(form)}
      mutationOptions={{ onSuccess: issued }}
    >
      <SimpleForm sx={{ maxWidth: 600 }}>
        <NumberInput
          source="amountPaise"
          label="Amount (₹)"
          {...RUPEES_INPUT}
          validate={[
            required(),
            minValue(1, 'Give an amount above ₹ 0.'),
            maxValue(GIFT_CARD_MAX_PAISE, `At most ${rupees(GIFT_CARD_MAX_PAISE)}.`),
          ]}
        />
        <DateTimeInput source="expiresAt" label="Expires (optional)" />
        <Typography component="h2" variant="subtitle1" sx={{ mt: 1 }}>
          Mail the code to (optional)
        </Typography>
        <TextInput source="recipientEmail" label="Recipient’s email" type="email" validate={email()} />
        <TextInput source="recipientName" label="Recipient’s name" validate={nameWithEmail} />
        <TextInput source="recipientMessage" label="Message" multiline minRows={3} fullWidth />
      </SimpleForm>
    </Create>
  );
}

const KIND_NAMES = { hold: 'Spent on an order', release: 'Order released', refund: 'Refund' } as const;

function GiftCardDetail() {
  const card = useRecordContext<AdminGiftCardDetail>();
  const dataProvider = useDataProvider<VastraDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  // react-admin may first show the list's row (no history) while the detail loads.
  if (!card?.history) return <Loading />;
  const toggle = async () => {
    try {
      await dataProvider.setGiftCardActive(card.id, !card.isActive);
      notify(card.isActive ? 'Gift card disabled' : 'Gift card enabled', { type: 'info' });
      refresh();
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    }
  };
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title={`Gift card ${card.code}`} />
      <Typography component="h1" variant="h5" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
        {card.code}
      </Typography>
      <Typography color="text.secondary" gutterBottom>
        {rupees(card.balancePaise)} left of {rupees(card.initialBalancePaise)} · {stateOf(card)} · expires{' '}
        {card.expiresAt ? istDate(card.expiresAt) : 'never'} · issued {istDateTime(card.createdAt)}
      </Typography>
      <Button variant="outlined" color={card.isActive ? 'error' : 'primary'} sx={{ mb: 2 }} onClick={toggle}>
        {card.isActive ? 'Disable' : 'Enable'}
      </Button>
      <Card>
        <CardContent>
          <Typography component="h2" variant="h6">
            History
          </Typography>
          {card.history.length === 0 ? (
            <Typography>Not used yet.</Typography>
          ) : (
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small">
                <TableHead>
                  <TableRow>
                    <TableCell>When</TableCell>
                    <TableCell>What</TableCell>
                    <TableCell align="right">Amount</TableCell>
                    <TableCell>Order</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {card.history.map((m) => (
                    <TableRow key={m.id}>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{istDateTime(m.createdAt)}</TableCell>
                      <TableCell>{KIND_NAMES[m.kind]}</TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {m.amountPaise < 0 ? `− ${rupees(-m.amountPaise)}` : `+ ${rupees(m.amountPaise)}`}
                      </TableCell>
                      <TableCell>
                        <Link to={`/orders/${m.orderId}/show`}>Open the order</Link>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}

export function GiftCardShow() {
  return (
    <Show actions={false} title={false} component="div">
      <GiftCardDetail />
    </Show>
  );
}
