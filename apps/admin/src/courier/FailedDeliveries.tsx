/**
 * Failed deliveries (docs/admin.md "Failed deliveries (NDR)"): the orders waiting after a failed
 * delivery attempt, the longest waiting first, with the courier's reason, the attempts and the
 * shopper's answer (a `failed` answer did not reach Shiprocket: the store passes it on).
 */
import {
  Alert,
  Box,
  CircularProgress,
  Link,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
} from '@mui/material';
import type { AdminNdrRow } from '@vastra/contracts';
import { useEffect, useState } from 'react';
import { Title, useNotify } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { adminApi } from '../client';

const when = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleString('en-IN', { timeZone: 'Asia/Kolkata', dateStyle: 'medium', timeStyle: 'short' })
    : '—';

function answerText(answer: AdminNdrRow['answer']): string {
  if (!answer) return 'No answer yet';
  const parts = [answer.preferredDate ? `Deliver on ${answer.preferredDate}` : 'Deliver again'];
  if (answer.phone) parts.push(`call ${answer.phone}`);
  return `${parts.join(', ')}${answer.status === 'failed' ? ' (not sent to Shiprocket: pass it on)' : ''}`;
}

export function FailedDeliveries() {
  const notify = useNotify();
  const [rows, setRows] = useState<AdminNdrRow[] | null>(null);
  useEffect(() => {
    adminApi.courier.ndr().then(setRows, (err: Error) => notify(err.message, { type: 'error' }));
  }, [notify]);
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title="Failed deliveries" />
      {rows === null ? (
        <CircularProgress aria-label="Loading" />
      ) : rows.length === 0 ? (
        <Alert severity="success">No order is waiting after a failed delivery attempt.</Alert>
      ) : (
        <TableContainer sx={{ bgcolor: 'background.paper', borderRadius: 1 }}>
          <Table size="small" aria-label="Failed deliveries">
            <TableHead>
              <TableRow>
                <TableCell>Order</TableCell>
                <TableCell>AWB</TableCell>
                <TableCell>Payment</TableCell>
                <TableCell>Reason</TableCell>
                <TableCell>Attempted</TableCell>
                <TableCell>Attempts</TableCell>
                <TableCell>Shopper’s answer</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.orderId}>
                  <TableCell>
                    <Link component={RouterLink} to={`/orders/${r.orderId}/show`}>
                      {r.orderNumber}
                    </Link>
                  </TableCell>
                  <TableCell>
                    {r.awb ?? '—'}
                    {r.courier ? ` (${r.courier})` : ''}
                  </TableCell>
                  <TableCell>{r.paymentGateway === 'cod' ? 'Cash on delivery' : 'Prepaid'}</TableCell>
                  <TableCell>{r.reason ?? '—'}</TableCell>
                  <TableCell>{when(r.attemptedAt)}</TableCell>
                  <TableCell>{r.attempts}</TableCell>
                  <TableCell>{answerText(r.answer)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
