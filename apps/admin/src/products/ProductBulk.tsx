/**
 * Bulk actions of the product list (docs/admin.md "Products and stock"): status (draft, on
 * sale, archived; the refused say why), prices changed by a percentage or to one price with a
 * preview before applying, and collection membership.
 */
import {
  Alert,
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
} from '@mui/material';
import type { PriceChangeBody, PriceChangeResult, ProductStatus, ProductStatusResult } from '@vastra/contracts';
import { useState } from 'react';
import { Button as RaButton, useListContext, useNotify, useRefresh, useUnselectAll } from 'react-admin';
import { rupees } from '../api';
import { adminApi } from '../client';
import { toPaise, useCatalogChoices } from './ProductForm';

/** "3 changed, 1 refused: Blue Kurta: Add a photo before putting it on sale." */
function statusSummary({ changed, refused }: ProductStatusResult): string {
  const first = refused[0];
  return `${changed.length} changed${first ? `, ${refused.length} refused: ${first.name}: ${first.message}` : ''}`;
}

function useSelection() {
  const { selectedIds } = useListContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const unselect = useUnselectAll('products');
  const done = (message: string, warning = false) => {
    notify(message, { type: warning ? 'warning' : 'info' });
    unselect();
    refresh();
  };
  return { ids: selectedIds as string[], notify, done };
}

function BulkStatus({ status, label }: { status: ProductStatus; label: string }) {
  const { ids, notify, done } = useSelection();
  const run = async () => {
    try {
      const result = await adminApi.products.setStatus(ids, status);
      done(statusSummary(result), result.refused.length > 0);
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    }
  };
  return <RaButton label={label} onClick={run} />;
}

/** Change prices: a percentage or one price, previewed size by size before it is applied. */
function BulkPrices() {
  const { ids, done } = useSelection();
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<'percent' | 'price'>('percent');
  const [amount, setAmount] = useState('');
  const [preview, setPreview] = useState<PriceChangeResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const change = (): PriceChangeBody['change'] =>
    kind === 'percent' ? { kind, percent: Number(amount) } : { kind, pricePaise: toPaise(amount) };
  const send = async (dryRun: boolean) => {
    setError(null);
    try {
      const result = await adminApi.products.changePrices({ ids, change: change(), dryRun });
      if (dryRun) setPreview(result);
      else {
        setOpen(false);
        done(`Prices changed for ${result.changes.length} sizes`);
      }
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <>
      <RaButton label="Change prices" onClick={() => setOpen(true)} />
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="md">
        <DialogTitle>Change prices of {ids.length} products</DialogTitle>
        <DialogContent>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 1 }}>
            <TextField
              select
              label="Change"
              value={kind}
              onChange={(e) => {
                setKind(e.target.value as 'percent' | 'price');
                setPreview(null);
              }}
            >
              <MenuItem value="percent">By a percentage</MenuItem>
              <MenuItem value="price">To one price</MenuItem>
            </TextField>
            <TextField
              label={kind === 'percent' ? 'Percent (−10 for 10 % off)' : 'New price ₹'}
              value={amount}
              onChange={(e) => {
                setAmount(e.target.value);
                setPreview(null);
              }}
              inputMode="decimal"
            />
          </Stack>
          {error ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {error}
            </Alert>
          ) : null}
          {preview ? (
            <Box sx={{ mt: 2, overflowX: 'auto' }}>
              {preview.refused.length > 0 ? (
                <Alert severity="warning" sx={{ mb: 1 }}>
                  {preview.refused.length} sizes stay as they are: {preview.refused[0]!.sku}:{' '}
                  {preview.refused[0]!.message}
                </Alert>
              ) : null}
              <Table size="small" aria-label="Price preview">
                <TableHead>
                  <TableRow>
                    <TableCell>Product</TableCell>
                    <TableCell>Size</TableCell>
                    <TableCell align="right">MRP</TableCell>
                    <TableCell align="right">Now</TableCell>
                    <TableCell align="right">New</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {preview.changes.map((c) => (
                    <TableRow key={c.variantId}>
                      <TableCell>{c.name}</TableCell>
                      <TableCell>{c.size}</TableCell>
                      <TableCell align="right">{rupees(c.mrpPaise)}</TableCell>
                      <TableCell align="right">{rupees(c.before)}</TableCell>
                      <TableCell align="right">{rupees(c.after)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
          <Button onClick={() => void send(true)} disabled={!amount}>
            Preview
          </Button>
          <Button
            variant="contained"
            onClick={() => void send(false)}
            disabled={!preview || preview.changes.length === 0}
          >
            Apply
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** Add the selected products to a collection, or take them out of it. */
function BulkCollection() {
  const { ids, notify, done } = useSelection();
  const choices = useCatalogChoices();
  const [open, setOpen] = useState(false);
  const [collectionId, setCollectionId] = useState('');
  const send = async (action: 'add' | 'remove') => {
    try {
      const { changed } = await adminApi.collections.setMembers({ ids, collectionId, action });
      setOpen(false);
      done(`${changed} ${action === 'add' ? 'added' : 'taken out'}`);
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    }
  };
  return (
    <>
      <RaButton label="Collections" onClick={() => setOpen(true)} />
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="xs">
        <DialogTitle>Collection of {ids.length} products</DialogTitle>
        <DialogContent>
          <TextField
            select
            fullWidth
            sx={{ mt: 1 }}
            label="Collection"
            value={collectionId}
            onChange={(e) => setCollectionId(e.target.value)}
          >
            {(choices?.collections ?? []).map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
          <Button disabled={!collectionId} onClick={() => void send('remove')}>
            Take out
          </Button>
          <Button variant="contained" disabled={!collectionId} onClick={() => void send('add')}>
            Add
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

export function BulkActions() {
  return (
    <>
      <BulkStatus status="active" label="Put on sale" />
      <BulkStatus status="draft" label="Make draft" />
      <BulkStatus status="archived" label="Archive" />
      <BulkPrices />
      <BulkCollection />
    </>
  );
}
