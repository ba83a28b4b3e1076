/**
 * One size of a product (docs/admin.md "Products and stock"): added with its MRP, price and
 * first stock, or its name, SKU and prices changed, or removed (the API keeps a size that was
 * ordered, and the last size of a product on sale). Prices typed in rupees, sent in paise.
 */
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import type { AdminProduct } from '@vastra/contracts';
import { useState, type FormEvent } from 'react';
import { useNotify, useRefresh } from 'react-admin';
import { adminApi } from '../client';
import { toPaise } from './ProductForm';

type Variant = AdminProduct['variants'][number];

const asRupees = (paise: number) => String(paise / 100);

export function SizeEditor({
  productId,
  variant,
  onClose,
}: {
  productId: string;
  variant?: Variant;
  onClose: () => void;
}) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [size, setSize] = useState(variant?.size ?? '');
  const [sku, setSku] = useState(variant?.sku ?? '');
  const [mrp, setMrp] = useState(variant ? asRupees(variant.mrpPaise) : '');
  const [price, setPrice] = useState(variant ? asRupees(variant.pricePaise) : '');
  const [stock, setStock] = useState('0');
  const [error, setError] = useState<string | null>(null);
  const done = (message: string) => {
    notify(message, { type: 'info' });
    refresh();
    onClose();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      const prices = { mrpPaise: toPaise(mrp), pricePaise: toPaise(price) };
      if (variant) {
        await adminApi.products.updateSize(variant.id, { size, sku, ...prices });
        done('Size saved');
      } else {
        const body = { size, ...(sku.trim() ? { sku } : {}), ...prices, stock: Number(stock || 0) };
        await adminApi.products.addSize(productId, body);
        done('Size added');
      }
    } catch (err) {
      setError((err as Error).message);
    }
  };
  const remove = async () => {
    try {
      await adminApi.products.removeSize(variant!.id);
      done('Size removed');
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <form onSubmit={submit}>
        <DialogTitle>{variant ? `Size ${variant.size}` : 'Add a size'}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ mt: 1 }}>
            <TextField label="Size" required value={size} onChange={(e) => setSize(e.target.value)} />
            <TextField
              label="SKU"
              required={Boolean(variant)}
              value={sku}
              onChange={(e) => setSku(e.target.value)}
              helperText={variant ? undefined : 'Left empty, one is made from the product'}
            />
            <TextField
              label="MRP ₹"
              required
              value={mrp}
              onChange={(e) => setMrp(e.target.value)}
              inputMode="decimal"
            />
            <TextField
              label="Price ₹"
              required
              value={price}
              onChange={(e) => setPrice(e.target.value)}
              inputMode="decimal"
            />
            {variant ? null : (
              <TextField label="Stock" value={stock} onChange={(e) => setStock(e.target.value)} inputMode="numeric" />
            )}
            {error ? <Alert severity="error">{error}</Alert> : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          {variant ? (
            <Button color="error" onClick={() => void remove()} sx={{ mr: 'auto' }}>
              Remove size
            </Button>
          ) : null}
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained">
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
