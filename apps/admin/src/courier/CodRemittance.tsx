/**
 * COD remittance (docs/admin.md "COD remittance"; docs/behaviour.md "COD remittance"): upload
 * Shiprocket's remittance CSV and see where the cash of delivered COD orders stands: totals, then
 * the short, missing, unknown, owed and received lists. The same file twice counts once (the API
 * says so). Owner and staff.
 */
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import {
  DEFAULT_REMITTANCE_MISSING_DAYS,
  formatPrice,
  type RemittanceReport,
  type RemittanceRow,
} from '@vastra/contracts';
import { useCallback, useEffect, useState, type ChangeEvent } from 'react';
import { Title, useNotify, usePermissions } from 'react-admin';
import { can } from '../authProvider';
import { adminApi } from '../client';

type ListKey = 'short' | 'missing' | 'unknown' | 'owed' | 'received';
const LISTS: { key: ListKey; title: string }[] = [
  { key: 'short', title: 'Short or mismatched' },
  { key: 'missing', title: 'Missing' },
  { key: 'unknown', title: 'Unknown AWB' },
  { key: 'owed', title: 'Owed' },
  { key: 'received', title: 'Received' },
];

/** Rupees as the store writes them, a shortfall with a minus sign in front ("− ₹ 499"). */
const money = (rupees: number | null) =>
  rupees === null ? '—' : rupees < 0 ? `− ${formatPrice(-rupees)}` : formatPrice(rupees);

function Rows({ title, rows }: { title: string; rows: RemittanceRow[] }) {
  if (rows.length === 0) return null;
  return (
    <Box component="section" sx={{ mt: 3 }}>
      <Typography component="h2" variant="h6">
        {title} ({rows.length})
      </Typography>
      <TableContainer sx={{ bgcolor: 'background.paper', borderRadius: 1 }}>
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>
              <TableCell>AWB</TableCell>
              <TableCell>Order</TableCell>
              <TableCell align="right">Collected</TableCell>
              <TableCell align="right">Remitted</TableCell>
              <TableCell align="right">Difference</TableCell>
              <TableCell>Delivered</TableCell>
              <TableCell>Remitted on</TableCell>
              <TableCell>UTR</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.awb}>
                <TableCell>{r.awb}</TableCell>
                <TableCell>{r.orderNumber ?? '—'}</TableCell>
                <TableCell align="right">{money(r.expectedAmount)}</TableCell>
                <TableCell align="right">{money(r.remittedAmount)}</TableCell>
                <TableCell align="right">{money(r.difference)}</TableCell>
                <TableCell>{r.deliveredAt ? r.deliveredAt.slice(0, 10) : '—'}</TableCell>
                <TableCell>{r.remittanceDate ?? '—'}</TableCell>
                <TableCell>{r.utr ?? '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}

export function CodRemittance() {
  const notify = useNotify();
  const { permissions } = usePermissions();
  const [days, setDays] = useState(DEFAULT_REMITTANCE_MISSING_DAYS);
  const [report, setReport] = useState<RemittanceReport | null>(null);
  const [busy, setBusy] = useState(false);
  const fail = useCallback((err: Error) => notify(err.message, { type: 'error' }), [notify]);
  const load = useCallback(() => adminApi.courier.remittance(days).then(setReport, fail), [days, fail]);
  useEffect(() => {
    void load();
  }, [load]);

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setBusy(true);
    try {
      const result = await adminApi.courier.uploadRemittance({ fileName: file.name, csv: await file.text() });
      notify(
        result.duplicate
          ? 'This file was uploaded before; nothing was counted twice.'
          : `${result.batch.newLineCount} of ${result.batch.lineCount} lines counted`,
        { type: result.duplicate ? 'info' : 'success' },
      );
      await load();
    } catch (err) {
      fail(err as Error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title="COD remittance" />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, mb: 2 }}>
        {can(permissions, 'remittance.write') ? (
          <Button variant="contained" component="label" disabled={busy}>
            Upload remittance file
            <input type="file" accept=".csv,text/csv" hidden onChange={upload} />
          </Button>
        ) : null}
        <TextField
          label="Missing after (days)"
          type="number"
          size="small"
          value={days}
          onChange={(e) => setDays(Math.min(90, Math.max(1, Number(e.target.value) || 1)))}
          slotProps={{ htmlInput: { min: 1, max: 90 } }}
        />
      </Stack>
      {report === null ? (
        <CircularProgress aria-label="Loading" />
      ) : (
        <>
          <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(5, 1fr)' } }}>
            {LISTS.map(({ key, title }) => (
              <Box key={key} sx={{ bgcolor: 'background.paper', borderRadius: 1, p: 1.5 }}>
                <Typography variant="body2">{title}</Typography>
                <Typography variant="h6" component="p">
                  {formatPrice(report.totals[key].amount)}
                </Typography>
                <Typography variant="body2">
                  {report.totals[key].count} {report.totals[key].count === 1 ? 'order' : 'orders'}
                </Typography>
              </Box>
            ))}
          </Box>
          {LISTS.every(({ key }) => report[key].length === 0) ? (
            <Alert severity="info" sx={{ mt: 2 }}>
              No delivered cash on delivery order and no remittance yet.
            </Alert>
          ) : null}
          {LISTS.map(({ key, title }) => (
            <Rows key={key} title={title} rows={report[key]} />
          ))}
          {report.batches.length > 0 ? (
            <Typography variant="body2" sx={{ mt: 3 }}>
              Files:{' '}
              {report.batches
                .map((b) => `${b.fileName} (${b.newLineCount}/${b.lineCount} lines, ${b.uploadedBy})`)
                .join('; ')}
            </Typography>
          ) : null}
        </>
      )}
    </Box>
  );
}
