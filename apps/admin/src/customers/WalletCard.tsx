/**
 * A customer's store credit (docs/admin.md "Customers"): the balance (the ledger's sum) and every
 * entry, newest first, with why it was made and its order; the owner credits (promotional credit,
 * which expires after the store setting) or debits it with a reason, audited as `customer.wallet`.
 */
import {
  Button,
  Card,
  CardContent,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { formatPrice, type Wallet, type WalletEntry } from '@vastra/contracts';
import { useCallback, useEffect, useState } from 'react';
import { Link, useNotify } from 'react-admin';
import { istDate } from '../api';
import { adminApi } from '../client';

const KIND_LABELS: Record<WalletEntry['kind'], string> = {
  credit: 'Credit',
  debit: 'Debit',
  expiry: 'Expired',
  reversal: 'Given back (cancelled)',
};

export function WalletCard({ customerId, canAdjust }: { customerId: string; canAdjust: boolean }) {
  const notify = useNotify();
  const [wallet, setWallet] = useState<Wallet | null>(null);
  const [direction, setDirection] = useState<'credit' | 'debit'>('credit');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const fail = useCallback((err: Error) => notify(err.message, { type: 'error' }), [notify]);

  useEffect(() => {
    adminApi.customers.wallet(customerId).then(setWallet, fail);
  }, [customerId, fail]);

  const apply = async () => {
    setBusy(true);
    try {
      setWallet(await adminApi.customers.adjustWallet(customerId, { direction, amount: Number(amount), reason }));
      setAmount('');
      setReason('');
      notify(direction === 'credit' ? 'Store credit added' : 'Store credit taken off', { type: 'success' });
    } catch (err) {
      fail(err as Error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card sx={{ mb: 2 }}>
      <CardContent>
        <Typography component="h2" variant="h6">
          Store credit
        </Typography>
        {wallet && (
          <>
            <Typography data-testid="wallet-balance" sx={{ fontWeight: 600 }}>
              Balance {formatPrice(wallet.balance)}
            </Typography>
            {wallet.entries.length === 0 ? (
              <Typography color="text.secondary">No entries yet.</Typography>
            ) : (
              <Table size="small" aria-label="Store credit ledger" sx={{ overflowX: 'auto', display: 'block' }}>
                <TableHead>
                  <TableRow>
                    <TableCell>Date</TableCell>
                    <TableCell>Entry</TableCell>
                    <TableCell align="right">Amount</TableCell>
                    <TableCell>Why</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {wallet.entries.map((e) => (
                    <TableRow key={e.id}>
                      <TableCell>{istDate(e.createdAt)}</TableCell>
                      <TableCell>
                        {KIND_LABELS[e.kind]}
                        {e.expiresAt && e.amount > 0 ? ` · expires ${istDate(e.expiresAt)}` : ''}
                      </TableCell>
                      <TableCell align="right">
                        {(e.amount < 0 ? '− ' : '+ ') + formatPrice(Math.abs(e.amount))}
                      </TableCell>
                      <TableCell>
                        {e.reason}
                        {e.orderId && e.orderNumber ? (
                          <>
                            {' · '}
                            <Link to={`/orders/${e.orderId}/show`}>{e.orderNumber}</Link>
                          </>
                        ) : null}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </>
        )}
        {canAdjust && (
          <Stack spacing={1} sx={{ mt: 2 }}>
            <TextField
              select
              label="Credit or debit"
              value={direction}
              onChange={(e) => setDirection(e.target.value as 'credit' | 'debit')}
            >
              <MenuItem value="credit">Credit (promotional)</MenuItem>
              <MenuItem value="debit">Debit</MenuItem>
            </TextField>
            <TextField
              label="Amount (₹)"
              type="number"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              slotProps={{ htmlInput: { min: 0.01, step: 0.01 } }}
            />
            <TextField label="Reason" value={reason} onChange={(e) => setReason(e.target.value)} />
            <Button onClick={() => void apply()} disabled={busy || !(Number(amount) > 0) || !reason.trim()}>
              {direction === 'credit' ? 'Add store credit' : 'Take off store credit'}
            </Button>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
