/**
 * Products and stock (docs/admin.md "Products and stock"): the list with search (name, brand,
 * SKU) and filters (category, brand, status, stock level, on sale), the stock CSV import and
 * the catalogue's CSV import and export;
 * one product with its sizes, each size's stock set or changed with a reason, and its stock
 * movements. Owner and staff.
 */
import {
  Box,
  Button,
  Card,
  CardContent,
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
  useMediaQuery,
  type Theme,
} from '@mui/material';
import {
  ADMIN_MESSAGES,
  PRODUCT_STATUSES,
  STOCK_ADJUST_REASONS,
  type ProductStatus,
  type AdminProduct,
  type AdminProductRow,
  type StockAdjustBody,
  type StockImportBody,
  type StockImportResult,
  type StockMovement,
} from '@vastra/contracts';
import { useEffect, useState } from 'react';
import {
  CreateButton,
  DataTable,
  FilterButton,
  FunctionField,
  List,
  Loading,
  SearchInput,
  SelectInput,
  Show,
  SimpleList,
  TextInput,
  Title,
  TopToolbar,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import { istDateTime, rupees } from '../api';
import { adminApi } from '../client';
import type { VastraDataProvider } from '../dataProvider';
import { CatalogCsvButtons } from './CatalogCsv';
import { BulkActions } from './ProductBulk';
import { ProductFieldsEditor } from './ProductForm';
import { ProductImages } from './ProductImages';
import { SizeEditor } from './SizeEditor';

const STATUS_NAMES: Record<ProductStatus, string> = { draft: 'Draft', active: 'On sale', archived: 'Archived' };
const STATUS_DONE: Record<ProductStatus, string> = {
  draft: 'Off sale: a draft again',
  active: 'On sale',
  archived: 'Archived: off sale',
};

type Variant = AdminProduct['variants'][number];

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Name, brand or SKU" />,
  <TextInput key="category" source="category" label="Category (slug)" />,
  <TextInput key="brand" source="brand" />,
  <SelectInput
    key="status"
    source="status"
    label="Status"
    choices={PRODUCT_STATUSES.map((s) => ({ id: s, name: STATUS_NAMES[s] }))}
  />,
  <SelectInput
    key="stock"
    source="stock"
    label="Stock"
    choices={[
      { id: 'out', name: 'Sold out' },
      { id: 'low', name: 'Low in a size' },
      { id: 'in', name: 'In stock' },
    ]}
  />,
  <SelectInput key="onSale" source="onSale" label="On sale" choices={[{ id: 'true', name: 'On sale' }]} />,
];

/** "Ready: 2 sizes change, 1 stays as it is." */
function importSummary(result: StockImportResult): string {
  const changing = result.changes.filter((c) => c.stockAfter !== c.stockBefore).length;
  const same = result.changes.length - changing;
  const sizes = (n: number) => `${n} ${n === 1 ? 'size' : 'sizes'}`;
  return `${result.applied ? 'Imported' : 'Ready'}: ${sizes(changing)} ${changing === 1 ? 'changes' : 'change'}, ${sizes(same)} ${same === 1 ? 'stays as it is' : 'stay as they are'}.`;
}

/** The stock CSV import: the file checked first (every bad row named), then applied all or nothing. */
function ImportStock({ onClose }: { onClose: () => void }) {
  const dataProvider = useDataProvider<VastraDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [form, setForm] = useState<Omit<StockImportBody, 'csv'>>({ mode: 'delta', reason: 'received' });
  const [csv, setCsv] = useState('');
  const [result, setResult] = useState<StockImportResult | null>(null);
  const send = async (dryRun: boolean) => {
    try {
      const answer = await dataProvider.importStock({ ...form, csv, dryRun });
      setResult(answer);
      if (answer.applied) {
        notify(`Stock imported: ${answer.changes.length} sizes`, { type: 'info' });
        refresh();
      }
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    }
  };
  const choose = async (file: File | undefined) => {
    setResult(null);
    setCsv(file ? await file.text() : '');
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="import-title" maxWidth="sm" fullWidth>
      <DialogTitle id="import-title">Import stock</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <Typography>A CSV with the header sku,quantity and a line per size.</Typography>
          <Button component="label" variant="outlined">
            Choose a CSV file
            <input hidden type="file" accept=".csv,text/csv" onChange={(e) => void choose(e.target.files?.[0])} />
          </Button>
          <TextField
            select
            label="Quantities are"
            value={form.mode}
            onChange={(e) => setForm({ ...form, mode: e.target.value as StockImportBody['mode'] })}
          >
            <MenuItem value="delta">Added (negative to take away)</MenuItem>
            <MenuItem value="set">The count on the shelf</MenuItem>
          </TextField>
          <TextField
            select
            label="Reason"
            value={form.reason}
            onChange={(e) => setForm({ ...form, reason: e.target.value as StockImportBody['reason'] })}
          >
            {STOCK_ADJUST_REASONS.map((r) => (
              <MenuItem key={r} value={r}>
                {r}
              </MenuItem>
            ))}
          </TextField>
          {result ? (
            <Box role="status">
              {result.errors.length > 0 ? (
                <>
                  <Typography color="error">
                    {result.errors.length} bad {result.errors.length === 1 ? 'line' : 'lines'}; nothing was changed:
                  </Typography>
                  {result.errors.slice(0, 50).map((e) => (
                    <Typography key={e.line} variant="body2">
                      Line {e.line} {e.sku}: {e.message}
                    </Typography>
                  ))}
                </>
              ) : (
                <Typography>{importSummary(result)}</Typography>
              )}
            </Box>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        <Button onClick={() => void send(true)} disabled={!csv}>
          Check
        </Button>
        <Button
          variant="contained"
          onClick={() => void send(false)}
          disabled={!result || result.applied || result.errors.length > 0}
        >
          Apply
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function ProductActions() {
  const [importing, setImporting] = useState(false);
  return (
    <TopToolbar>
      <FilterButton />
      <CreateButton label="New product" />
      <Button size="small" onClick={() => setImporting(true)}>
        Import stock
      </Button>
      <CatalogCsvButtons />
      {importing ? <ImportStock onClose={() => setImporting(false)} /> : null}
    </TopToolbar>
  );
}

/** Keeps an amount ("₹ 11,995", "61 %") on one line. */
const Nowrap = ({ children }: { children: string }) => <span style={{ whiteSpace: 'nowrap' }}>{children}</span>;

export function ProductList() {
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <List filters={filters} exporter={false} actions={<ProductActions />}>
      {small ? (
        <SimpleList<AdminProductRow>
          primaryText={(r) => r.name}
          secondaryText={(r) => `${r.brand} · ${r.stock} in stock · ${STATUS_NAMES[r.status]}`}
          tertiaryText={(r) => rupees(r.pricePaise)}
          linkType="show"
        />
      ) : (
        <DataTable rowClick="show" bulkActionButtons={<BulkActions />}>
          <DataTable.Col source="name" />
          <DataTable.Col source="brand" />
          <DataTable.Col source="category" />
          <DataTable.Col label="Price" align="right">
            <FunctionField<AdminProductRow> render={(r) => <Nowrap>{rupees(r.pricePaise)}</Nowrap>} />
          </DataTable.Col>
          <DataTable.Col label="Off" align="right">
            <FunctionField<AdminProductRow>
              render={(r) => <Nowrap>{r.discountPercent ? `${r.discountPercent} %` : '—'}</Nowrap>}
            />
          </DataTable.Col>
          <DataTable.Col label="Stock" align="right">
            <FunctionField<AdminProductRow>
              render={(r) => `${r.stock} in ${r.sizes} ${r.sizes === 1 ? 'size' : 'sizes'}`}
            />
          </DataTable.Col>
          <DataTable.Col label="Status">
            <FunctionField<AdminProductRow> render={(r) => STATUS_NAMES[r.status]} />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}

/** The stock change form of one size: set to a count, or add or take away, with a reason. */
function AdjustStock({ variant, onClose }: { variant: Variant; onClose: () => void }) {
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
function Movements({ variant, onClose }: { variant: Variant; onClose: () => void }) {
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
