/**
 * One product (docs/admin.md "Products and stock"): its status buttons, details, photos and sizes,
 * each size's stock set or changed with a reason, and its stock movements. Owner and staff.
 */
import {
  Box,
  Button,
  Card,
  CardContent,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { type ProductStatus, type AdminProduct } from '@vastra/contracts';
import { useState } from 'react';
import { Loading, Show, Title, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { rupees } from '../api';
import { adminApi } from '../client';
import { ProductFieldsEditor } from './ProductForm';
import { ProductImages } from './ProductImages';
import { SizeEditor } from './SizeEditor';
import { AdjustStock, Movements } from './StockDialogs';
import { STATUS_DONE, STATUS_NAMES, type Variant } from './status';

function ProductDetail() {
  const product = useRecordContext<AdminProduct>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState<{ variant: Variant; what: 'adjust' | 'movements' | 'edit' } | null>(null);
  const [editing, setEditing] = useState(false);
  const [adding, setAdding] = useState(false);
  const setStatus = async (status: ProductStatus) => {
    try {
      const result = await adminApi.products.setStatus([product!.id], status);
      if (result.refused[0]) notify(result.refused[0].message, { type: 'warning' });
      else notify(STATUS_DONE[status], { type: 'info' });
      refresh();
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    }
  };
  // react-admin first shows the list's row (no sizes yet) while the detail loads.
  if (!product?.variants) return <Loading />;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title={product.name} />
      <Typography component="h1" variant="h5">
        {product.name}
      </Typography>
      <Typography color="text.secondary" gutterBottom>
        {product.brand} · {product.category} · HSN {product.hsnCode} · {STATUS_NAMES[product.status]} ·{' '}
        {rupees(product.pricePaise)} (MRP {rupees(product.mrpPaise)})
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ mb: 2, flexWrap: 'wrap' }}>
        {product.status !== 'active' ? (
          <Button variant="contained" onClick={() => void setStatus('active')}>
            Put on sale
          </Button>
        ) : null}
        {product.status !== 'draft' ? (
          <Button variant="outlined" onClick={() => void setStatus('draft')}>
            {product.status === 'active' ? 'Take off sale' : 'Make draft'}
          </Button>
        ) : null}
        {product.status !== 'archived' ? (
          <Button variant="outlined" onClick={() => void setStatus('archived')}>
            Archive
          </Button>
        ) : null}
        <Button variant="outlined" onClick={() => setEditing(!editing)} aria-expanded={editing}>
          Edit details
        </Button>
      </Stack>
      {editing ? (
        <Card sx={{ mb: 2 }}>
          <CardContent>
            <ProductFieldsEditor
              product={product}
              onSaved={() => {
                setEditing(false);
                refresh();
              }}
            />
          </CardContent>
        </Card>
      ) : null}
      <Box sx={{ mb: 2 }}>
        <ProductImages productId={product.id} onChange={refresh} />
      </Box>
      <Card>
        <CardContent>
          <Typography component="h2" variant="h6">
            Sizes and stock
          </Typography>
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>SKU</TableCell>
                  <TableCell>Size</TableCell>
                  <TableCell align="right">MRP</TableCell>
                  <TableCell align="right">Price</TableCell>
                  <TableCell align="right">Stock</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {product.variants.map((v) => (
                  <TableRow key={v.id} data-testid={`size-${v.sku}`}>
                    <TableCell>{v.sku}</TableCell>
                    <TableCell>{v.size}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {rupees(v.mrpPaise)}
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {rupees(v.pricePaise)}
                    </TableCell>
                    <TableCell align="right">{v.stock}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <Button size="small" onClick={() => setOpen({ variant: v, what: 'edit' })}>
                        Edit
                      </Button>
                      <Button size="small" onClick={() => setOpen({ variant: v, what: 'adjust' })}>
                        Change stock
                      </Button>
                      <Button size="small" onClick={() => setOpen({ variant: v, what: 'movements' })}>
                        Movements
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
          <Button sx={{ mt: 1 }} onClick={() => setAdding(true)}>
            Add a size
          </Button>
        </CardContent>
      </Card>
      {adding ? <SizeEditor productId={product.id} onClose={() => setAdding(false)} /> : null}
      {open?.what === 'edit' ? (
        <SizeEditor productId={product.id} variant={open.variant} onClose={() => setOpen(null)} />
      ) : null}
      {open?.what === 'adjust' ? <AdjustStock variant={open.variant} onClose={() => setOpen(null)} /> : null}
      {open?.what === 'movements' ? <Movements variant={open.variant} onClose={() => setOpen(null)} /> : null}
    </Box>
  );
}

export function ProductShow() {
  return (
    <Show actions={false} title={false} component="div">
      <ProductDetail />
    </Show>
  );
}
