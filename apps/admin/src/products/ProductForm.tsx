/**
 * Making and editing products (docs/admin.md "Products and stock"): the product's fields
 * (name, brand, description, gender, category, colour, HSN code, attributes, collections, the
 * legal details: country of origin, manufacturer or packer, importer, net quantity) and,
 * for a new product, its sizes with MRP, price and first stock. Prices are typed in rupees and
 * sent in paise. The API's refusals (a taken slug or SKU, a price above the MRP) are shown as
 * they come.
 */
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  IconButton,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  GENDERS,
  type AdminCategory,
  type AdminCollection,
  type AdminProduct,
  type ProductCreateBody,
  type ProductUpdateBody,
} from '@vastra/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { Title, useNotify, useRedirect } from 'react-admin';
import { adminApi } from '../client';

/** The categories (leaves only: a product sits in an article type) and collections the form picks from. */
export function useCatalogChoices() {
  const [choices, setChoices] = useState<{ categories: AdminCategory[]; collections: AdminCollection[] } | null>(null);
  useEffect(() => {
    void Promise.all([adminApi.categories.list(), adminApi.collections.list()]).then(([categories, collections]) =>
      setChoices({ categories: categories.filter((c) => c.level === 'article'), collections }),
    );
  }, []);
  return choices;
}

type Fields = {
  name: string;
  brand: string;
  description: string;
  nameHi: string;
  descriptionHi: string;
  gender: string;
  categoryId: string;
  color: string;
  hsnCode: string;
  season: string;
  usage: string;
  year: string;
  collectionIds: string[];
  countryOfOrigin: string;
  manufacturer: string;
  importer: string;
  netQuantity: string;
};

type SizeRow = { size: string; mrp: string; price: string; stock: string };

/** Rupees as typed ("1,499.50") to paise, or NaN. */
export const toPaise = (rupees: string) => Math.round(Number(rupees.replace(/[,\s₹]/g, '')) * 100);

const fieldsOf = (p?: AdminProduct): Fields => ({
  name: p?.name ?? '',
  brand: p?.brand ?? '',
  description: p?.description ?? '',
  nameHi: p?.nameHi ?? '',
  descriptionHi: p?.descriptionHi ?? '',
  gender: p?.gender ?? 'Women',
  categoryId: p?.categoryId ?? '',
  color: p?.color ?? '',
  hsnCode: p?.hsnCode ?? '',
  season: p?.season ?? '',
  usage: p?.usage ?? '',
  year: p?.year ? String(p.year) : '',
  collectionIds: p?.collectionIds ?? [],
  countryOfOrigin: p?.countryOfOrigin ?? '',
  manufacturer: p?.manufacturer ?? '',
  importer: p?.importer ?? '',
  netQuantity: p?.netQuantity ?? '',
});

const bodyOf = (f: Fields) => ({
  name: f.name,
  brand: f.brand,
  description: f.description,
  // Empty: no Hindi, shoppers reading Hindi see the English.
  nameHi: f.nameHi.trim() || null,
  descriptionHi: f.descriptionHi.trim() || null,
  gender: f.gender as ProductCreateBody['gender'],
  categoryId: f.categoryId,
  color: f.color,
  hsnCode: f.hsnCode,
  season: f.season.trim() || null,
  usage: f.usage.trim() || null,
  year: f.year.trim() ? Number(f.year) : null,
  collectionIds: f.collectionIds,
  // Empty: not stated (the product page says so).
  countryOfOrigin: f.countryOfOrigin.trim() || null,
  manufacturer: f.manufacturer.trim() || null,
  importer: f.importer.trim() || null,
  netQuantity: f.netQuantity.trim() || null,
});

function FieldInputs({ value, onChange }: { value: Fields; onChange: (f: Fields) => void }) {
  const choices = useCatalogChoices();
  const set = (key: keyof Fields) => (e: { target: { value: unknown } }) =>
    onChange({ ...value, [key]: e.target.value as never });
  return (
    <Stack spacing={2}>
      <TextField label="Name" required value={value.name} onChange={set('name')} />
      <TextField
        label="Name (Hindi)"
        helperText="Optional: shown on the Hindi storefront; the English name where empty."
        value={value.nameHi}
        onChange={set('nameHi')}
        slotProps={{ htmlInput: { lang: 'hi' } }}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField label="Brand" required fullWidth value={value.brand} onChange={set('brand')} />
        <TextField label="Colour" required fullWidth value={value.color} onChange={set('color')} />
      </Stack>
      <TextField label="Description" multiline minRows={3} value={value.description} onChange={set('description')} />
      <TextField
        label="Description (Hindi)"
        multiline
        minRows={3}
        value={value.descriptionHi}
        onChange={set('descriptionHi')}
        slotProps={{ htmlInput: { lang: 'hi' } }}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField select label="Gender" required fullWidth value={value.gender} onChange={set('gender')}>
          {GENDERS.map((g) => (
            <MenuItem key={g} value={g}>
              {g}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Category"
          required
          fullWidth
          value={choices ? value.categoryId : ''}
          onChange={set('categoryId')}
        >
          {(choices?.categories ?? []).map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.path}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label="HSN code"
          required
          fullWidth
          value={value.hsnCode}
          onChange={set('hsnCode')}
          helperText="4, 6 or 8 digits; it decides the GST rate"
        />
        <TextField label="Season" fullWidth value={value.season} onChange={set('season')} />
        <TextField label="Usage" fullWidth value={value.usage} onChange={set('usage')} />
        <TextField label="Year" fullWidth value={value.year} onChange={set('year')} inputMode="numeric" />
      </Stack>
      <TextField
        select
        label="Collections"
        value={choices ? value.collectionIds : []}
        onChange={set('collectionIds')}
        slotProps={{ select: { multiple: true } }}
      >
        {(choices?.collections ?? []).map((c) => (
          <MenuItem key={c.id} value={c.id}>
            {c.name}
          </MenuItem>
        ))}
      </TextField>
      <Typography component="h3" variant="subtitle1">
        Legal details (shown on the product page)
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label="Country of origin"
          fullWidth
          value={value.countryOfOrigin}
          onChange={set('countryOfOrigin')}
          helperText="Where the goods were made, e.g. India"
        />
        <TextField
          label="Net quantity"
          fullWidth
          value={value.netQuantity}
          onChange={set('netQuantity')}
          helperText="In number, e.g. 1 N (one piece) or 2 N (a pair)"
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label="Manufacturer or packer (name and address)"
          fullWidth
          multiline
          minRows={2}
          value={value.manufacturer}
          onChange={set('manufacturer')}
        />
        <TextField
          label="Importer (name and address)"
          fullWidth
          multiline
          minRows={2}
          value={value.importer}
          onChange={set('importer')}
          helperText="Imported goods only"
        />
      </Stack>
    </Stack>
  );
}

function SizeInputs({ rows, onChange }: { rows: SizeRow[]; onChange: (rows: SizeRow[]) => void }) {
  const set = (i: number, key: keyof SizeRow) => (e: { target: { value: string } }) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, [key]: e.target.value } : r)));
  return (
    <Stack spacing={1}>
      {rows.map((r, i) => (
        <Stack key={i} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          <TextField label={`Size ${i + 1}`} required size="small" value={r.size} onChange={set(i, 'size')} />
          <TextField
            label={`MRP ₹ (size ${i + 1})`}
            required
            size="small"
            value={r.mrp}
            onChange={set(i, 'mrp')}
            inputMode="decimal"
          />
          <TextField
            label={`Price ₹ (size ${i + 1})`}
            required
            size="small"
            value={r.price}
            onChange={set(i, 'price')}
            inputMode="decimal"
          />
          <TextField
            label={`Stock (size ${i + 1})`}
            size="small"
            value={r.stock}
            onChange={set(i, 'stock')}
            inputMode="numeric"
          />
          <IconButton aria-label={`Remove size ${i + 1}`} onClick={() => onChange(rows.filter((_, j) => j !== i))}>
            ×
          </IconButton>
        </Stack>
      ))}
      <Box>
        <Button onClick={() => onChange([...rows, { size: '', mrp: '', price: '', stock: '0' }])}>Add a size</Button>
      </Box>
    </Stack>
  );
}

/** The new-product page: a draft with its sizes; then its own page, where photos are added. */
export function ProductCreate() {
  const notify = useNotify();
  const redirect = useRedirect();
  const [fields, setFields] = useState<Fields>(fieldsOf());
  const [sizes, setSizes] = useState<SizeRow[]>([{ size: '', mrp: '', price: '', stock: '0' }]);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    setError(null);
    try {
      const body: ProductCreateBody = {
        ...bodyOf(fields),
        variants: sizes.map((s) => ({
          size: s.size,
          mrpPaise: toPaise(s.mrp),
          pricePaise: toPaise(s.price),
          stock: Number(s.stock || 0),
        })),
      };
      const made = await adminApi.products.create(body);
      notify('Product saved as a draft. Add photos, then put it on sale.', { type: 'info' });
      redirect('show', 'products', made.id);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Box component="form" onSubmit={submit} sx={{ p: { xs: 1, sm: 2 }, maxWidth: 900 }}>
      <Title title="New product" />
      <Typography component="h1" variant="h5" gutterBottom>
        New product
      </Typography>
      <Card sx={{ mb: 2 }}>
        <CardContent>
          <FieldInputs value={fields} onChange={setFields} />
        </CardContent>
      </Card>
      <Card sx={{ mb: 2 }}>
        <CardContent>
          <Typography component="h2" variant="h6" gutterBottom>
            Sizes
          </Typography>
          <SizeInputs rows={sizes} onChange={setSizes} />
        </CardContent>
      </Card>
      {error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      ) : null}
      <Button type="submit" variant="contained" disabled={saving}>
        Save as draft
      </Button>
    </Box>
  );
}

/** The product's fields, edited in place on its page. */
export function ProductFieldsEditor({ product, onSaved }: { product: AdminProduct; onSaved: () => void }) {
  const notify = useNotify();
  const [fields, setFields] = useState<Fields>(fieldsOf(product));
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      const body: ProductUpdateBody = bodyOf(fields);
      await adminApi.products.update(product.id, body);
      notify('Product saved', { type: 'info' });
      onSaved();
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <Box component="form" onSubmit={submit}>
      <FieldInputs value={fields} onChange={setFields} />
      {error ? (
        <Alert severity="error" sx={{ my: 2 }}>
          {error}
        </Alert>
      ) : null}
      <Button type="submit" variant="contained" sx={{ mt: 2 }}>
        Save details
      </Button>
    </Box>
  );
}
