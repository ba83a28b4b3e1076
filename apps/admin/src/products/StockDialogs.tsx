/** A size's stock (docs/admin.md "Products and stock"): its change with a reason, and its movements. */
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
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
import { ADMIN_MESSAGES, STOCK_ADJUST_REASONS, type StockAdjustBody, type StockMovement } from '@vastra/contracts';
import { useEffect, useState } from 'react';
import { Loading, useDataProvider, useNotify, useRefresh } from 'react-admin';
import { istDateTime } from '../api';
import type { VastraDataProvider } from '../dataProvider';
import type { Variant } from './status';

/** The stock change form of one size: set to a count, or add or take away, with a reason. */
export function AdjustStock({ variant, onClose }: { variant: Variant; onClose: () => void }) {
  const dataProvider = useDataProvider<VastraDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [body, setBody] = useState<StockAdjustBody>({ mode: 'delta', quantity: 0, reason: 'received' });
  const after = body.mode === 'set' ? body.quantity : variant.stock + body.quantity;
  const save = async () => {
    try {
      await dataProvider.adjustStock(variant.id, body);
      notify(`${variant.sku}: ${after} in stock`, { type: 'info' });
      refresh();
      onClose();
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="adjust-title">
      <DialogTitle id="adjust-title">Change stock of {variant.sku}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField
            select
            label="How"
            value={body.mode}
            onChange={(e) => setBody({ ...body, mode: e.target.value as StockAdjustBody['mode'] })}
          >
            <MenuItem value="delta">Add or take away</MenuItem>
            <MenuItem value="set">Set the count</MenuItem>
          </TextField>
          <TextField
            label={body.mode === 'set' ? 'Pieces on the shelf' : 'Pieces (negative to take away)'}
            type="number"
            value={body.quantity}
            onChange={(e) => setBody({ ...body, quantity: Math.trunc(Number(e.target.value)) })}
          />
          <TextField
            select
            label="Reason"
            value={body.reason}
            onChange={(e) => setBody({ ...body, reason: e.target.value as StockAdjustBody['reason'] })}
          >
            {STOCK_ADJUST_REASONS.map((r) => (
              <MenuItem key={r} value={r}>
                {r}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Note (optional)"
            value={body.note ?? ''}
            onChange={(e) => setBody({ ...body, note: e.target.value })}
          />
          <Typography role="status" color={after < 0 ? 'error' : 'text.primary'}>
            {after < 0 ? ADMIN_MESSAGES.stockBelowZero : `${variant.stock} now, ${after} after`}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={save} disabled={after < 0}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A size's stock movements, newest first. */
export function Movements({ variant, onClose }: { variant: Variant; onClose: () => void }) {
  const dataProvider = useDataProvider<VastraDataProvider>();
  const [rows, setRows] = useState<StockMovement[] | null>(null);
  const notify = useNotify();
  useEffect(() => {
    dataProvider.stockMovements(variant.id).then(setRows, (err: Error) => notify(err.message, { type: 'error' }));
  }, [dataProvider, notify, variant.id]);
  return (
    <Dialog open onClose={onClose} aria-labelledby="movements-title" maxWidth="md" fullWidth>
      <DialogTitle id="movements-title">Stock movements of {variant.sku}</DialogTitle>
      <DialogContent>
        {rows === null ? (
          <Loading />
        ) : rows.length === 0 ? (
          <Typography>No movements yet.</Typography>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>When</TableCell>
                  <TableCell>Why</TableCell>
                  <TableCell align="right">Before</TableCell>
                  <TableCell align="right">After</TableCell>
                  <TableCell>Who</TableCell>
                  <TableCell>Reference</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((m) => (
                  <TableRow key={m.id}>
                    <TableCell>{istDateTime(m.createdAt)}</TableCell>
                    <TableCell>{m.reason}</TableCell>
                    <TableCell align="right">{m.stockBefore}</TableCell>
                    <TableCell align="right">{m.stockAfter}</TableCell>
                    <TableCell>{m.actor}</TableCell>
                    <TableCell>{m.reference ?? ''}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
