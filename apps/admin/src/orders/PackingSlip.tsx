/**
 * A printable packing slip (docs/admin.md): the store's name (its settings), the order number, the delivery address and the
 * pieces to pack, without prices; prints on its own with the browser's print.
 */
import { Box, Button, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useParams } from 'react-router-dom';
import { useGetOne } from 'react-admin';
import { useStoreName } from '../settings/store-name';
import type { OrderRecord } from './OrderShow';

export function PackingSlip() {
  const { id } = useParams();
  const { data: order } = useGetOne<OrderRecord>('orders', { id: id! });
  const storeName = useStoreName();
  // Opened from the list, react-admin first hands over the list's row, which has no items.
  if (!order?.items) return null;
  const a = order.shippingAddress;
  return (
    <Box component="main" sx={{ p: 3, maxWidth: 720, mx: 'auto', bgcolor: 'white' }}>
      <Button onClick={() => window.print()} sx={{ displayPrint: 'none', mb: 2 }} variant="outlined">
        Print
      </Button>
      <Typography component="h1" variant="h5">
        {storeName} · packing slip · {order.orderNumber}
      </Typography>
      <Typography sx={{ my: 2 }}>
        {a.firstName} {a.lastName}
        <br />
        {a.street}
        <br />
        {a.city}, {a.state} {a.postalCode}
        <br />
        Phone {a.phone}
      </Typography>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>SKU</TableCell>
            <TableCell>Item</TableCell>
            <TableCell>Size</TableCell>
            <TableCell align="right">Qty</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {order.items.map((item) => (
            <TableRow key={item.id}>
              <TableCell>{item.sku}</TableCell>
              <TableCell>
                {item.name} ({item.color})
              </TableCell>
              <TableCell>{item.size}</TableCell>
              <TableCell align="right">{item.quantity}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
