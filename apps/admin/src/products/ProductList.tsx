/**
 * The product list (docs/admin.md "Products and stock"): search (name, brand, SKU) and filters
 * (category, brand, status, stock level, on sale), bulk actions, the stock CSV import and the
 * catalogue's CSV import and export. Owner and staff.
 */
import { Button, useMediaQuery, type Theme } from '@mui/material';
import { PRODUCT_STATUSES, type AdminProductRow } from '@vastra/contracts';
import { useState } from 'react';
import {
  CreateButton,
  DataTable,
  FilterButton,
  FunctionField,
  List,
  SearchInput,
  SelectInput,
  SimpleList,
  TextInput,
  TopToolbar,
} from 'react-admin';
import { rupees } from '../api';
import { CatalogCsvButtons } from './CatalogCsv';
import { BulkActions } from './ProductBulk';
import { ImportStock } from './ImportStock';
import { STATUS_NAMES } from './status';

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
