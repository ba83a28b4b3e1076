/**
 * GST rates (docs/admin.md "GST rates"): the slabs of the rate table (the default, per HSN
 * prefix, per category; price slabs per piece) with a form to add or change one, and a preview
 * of what a sample price pays now and with the change in the form. Rupees on screen, paise and
 * basis points in the API. A change applies to new quotes and orders only. Owner only.
 */
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Card,
  CardContent,
  List,
  ListItem,
  ListItemText,
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
import { GST_RATE_BASIS_POINTS, type AdminCategory, type TaxRate, type TaxRatePreviewResult } from '@vastra/contracts';
import { useCallback, useEffect, useState } from 'react';
import { Title, useNotify } from 'react-admin';
import { adminApi } from '../client';
import { EMPTY, appliesTo, bodyOf, draftOf, moneyValid, percent, slabText, toPaise, type Draft } from './draft';
import { PreviewColumn } from './PreviewColumn';

export function GstRates() {
  const notify = useNotify();
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [rates, setRates] = useState<TaxRate[] | null>(null);
  const [categories, setCategories] = useState<AdminCategory[]>([]);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [sample, setSample] = useState({ price: '1499', hsnCode: '6109', categoryId: null as string | null });
  const [preview, setPreview] = useState<TaxRatePreviewResult | null>(null);
  const fail = useCallback((err: Error) => notify(err.message, { type: 'error' }), [notify]);

  const load = useCallback(() => adminApi.taxRates.list().then(setRates, fail), [fail]);
  useEffect(() => {
    void load();
    adminApi.categories.list().then(setCategories, fail);
  }, [load, fail]);

  const draftValid =
    draft !== null &&
    (draft.hsnPrefix.trim() === '' || /^\d{2,8}$/.test(draft.hsnPrefix.trim())) &&
    moneyValid(draft.minRupees || '0') &&
    (draft.maxRupees.trim() === '' ||
      (moneyValid(draft.maxRupees) && toPaise(draft.maxRupees) >= toPaise(draft.minRupees || '0')));
  const sampleValid = moneyValid(sample.price) && toPaise(sample.price) > 0 && /^\d{0,8}$/.test(sample.hsnCode);

  const runPreview = async () => {
    const change = draft && draftValid ? { ...(draft.id ? { id: draft.id } : {}), rule: bodyOf(draft) } : undefined;
    const result = await adminApi.taxRates
      .preview({ pricePaise: toPaise(sample.price), hsnCode: sample.hsnCode, categoryId: sample.categoryId, change })
      .catch(fail);
    if (result) setPreview(result);
  };
  const save = async () => {
    if (!draft) return;
    const saved = await adminApi.taxRates.save(draft.id, bodyOf(draft)).catch(fail);
    if (!saved) return;
    notify('GST rate saved: new quotes and orders use it', { type: 'success' });
    setDraft(null);
    setPreview(null);
    await load();
  };
  const remove = async (rate: TaxRate) => {
    if (!window.confirm(`Remove the ${percent(rate.rateBasisPoints)} slab for ${appliesTo(rate)}?`)) return;
    const done = await adminApi.taxRates.remove(rate.id).catch(fail);
    if (done) {
      notify('GST rate removed', { type: 'success' });
      if (draft?.id === rate.id) setDraft(null);
      await load();
    }
  };
  const rowActions = (rate: TaxRate) => (
    <Box>
      <Button size="small" onClick={() => (setDraft(draftOf(rate)), setPreview(null))}>
        Edit
      </Button>
      <Button size="small" color="error" onClick={() => remove(rate)}>
        Remove
      </Button>
    </Box>
  );
  const set = (change: Partial<Draft>) => setDraft((d) => (d ? { ...d, ...change } : d));
  const categoryOption = (id: string | null) => categories.find((c) => c.id === id) ?? null;

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 1100 }}>
      <Title title="GST rates" />
      <Alert severity="info" sx={{ mb: 2 }}>
        The most specific rule applies: a category (nearest first), then the longest HSN prefix, then the default.
        Within a rule, the slab that holds a piece’s value after discount and without GST. A change applies to new
        carts, quotes and orders; orders already placed keep their GST.
      </Alert>
      <Card sx={{ mb: 2 }}>
        <CardContent>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1, gap: 1 }}>
            <Typography component="h2" variant="h6">
              Rules
            </Typography>
            <Button variant="contained" onClick={() => (setDraft({ ...EMPTY }), setPreview(null))}>
              Add a slab
            </Button>
          </Stack>
          {narrow ? (
            <List dense aria-label="GST rate slabs">
              {(rates ?? []).map((r) => (
                <ListItem key={r.id} divider disableGutters sx={{ flexWrap: 'wrap' }}>
                  <ListItemText
                    primary={`${appliesTo(r)}: ${percent(r.rateBasisPoints)}`}
                    secondary={[slabText(r), r.description].filter(Boolean).join(' · ')}
                  />
                  {rowActions(r)}
                </ListItem>
              ))}
            </List>
          ) : (
            <Table size="small" aria-label="GST rate slabs">
              <TableHead>
                <TableRow>
                  <TableCell>Applies to</TableCell>
                  <TableCell>Price per piece</TableCell>
                  <TableCell align="right">Rate</TableCell>
                  <TableCell>Note</TableCell>
                  <TableCell>Change</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {(rates ?? []).map((r) => (
                  <TableRow key={r.id} selected={draft?.id === r.id}>
                    <TableCell>{appliesTo(r)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{slabText(r)}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {percent(r.rateBasisPoints)}
                    </TableCell>
                    <TableCell>{r.description}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{rowActions(r)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
          {rates?.length === 0 ? <Typography sx={{ mt: 1 }}>No slabs: every product pays 18 %.</Typography> : null}
        </CardContent>
      </Card>

      {draft ? (
        <Card sx={{ mb: 2 }} component="section" aria-label={draft.id ? 'Change the slab' : 'New slab'}>
          <CardContent>
            <Typography component="h2" variant="h6" sx={{ mb: 2 }}>
              {draft.id ? 'Change the slab' : 'New slab'}
            </Typography>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              <TextField
                label="HSN prefix"
                value={draft.hsnPrefix}
                onChange={(e) => set({ hsnPrefix: e.target.value.trim() })}
                error={draft.hsnPrefix !== '' && !/^\d{2,8}$/.test(draft.hsnPrefix)}
                helperText="2 to 8 digits, e.g. 61 for knitted garments; empty for any"
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              />
              <Autocomplete
                options={categories}
                value={categoryOption(draft.categoryId)}
                onChange={(_e, c) => set({ categoryId: c?.id ?? null })}
                getOptionLabel={(c) => c.path}
                renderInput={(params) => (
                  <TextField {...params} label="Category" helperText="Its sub-categories too; empty for any" />
                )}
              />
              <TextField
                label="From (₹ per piece)"
                value={draft.minRupees}
                onChange={(e) => set({ minRupees: e.target.value.trim() })}
                error={!moneyValid(draft.minRupees || '0')}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
              <TextField
                label="Up to (₹ per piece)"
                value={draft.maxRupees}
                onChange={(e) => set({ maxRupees: e.target.value.trim() })}
                error={draft.maxRupees !== '' && !draftValid}
                helperText="Inclusive; empty for no upper end"
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
              <TextField
                select
                label="GST rate"
                value={draft.rateBasisPoints}
                onChange={(e) => set({ rateBasisPoints: Number(e.target.value) })}
              >
                {GST_RATE_BASIS_POINTS.map((bp) => (
                  <MenuItem key={bp} value={bp}>
                    {percent(bp)}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                label="Note"
                value={draft.description}
                onChange={(e) => set({ description: e.target.value })}
                slotProps={{ htmlInput: { maxLength: 200 } }}
              />
            </Box>
            <Stack direction="row" sx={{ mt: 2, gap: 1, flexWrap: 'wrap' }}>
              <Button variant="contained" onClick={save} disabled={!draftValid}>
                Save
              </Button>
              <Button onClick={runPreview} disabled={!draftValid || !sampleValid}>
                Preview the change
              </Button>
              <Button onClick={() => (setDraft(null), setPreview(null))}>Cancel</Button>
            </Stack>
          </CardContent>
        </Card>
      ) : null}

      <Card component="section" aria-label="Preview a price">
        <CardContent>
          <Typography component="h2" variant="h6" sx={{ mb: 2 }}>
            What a price pays
          </Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 2fr' } }}>
            <TextField
              label="Price of one piece (₹)"
              value={sample.price}
              onChange={(e) => setSample({ ...sample, price: e.target.value.trim() })}
              error={!moneyValid(sample.price)}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
            <TextField
              label="HSN code"
              value={sample.hsnCode}
              onChange={(e) => setSample({ ...sample, hsnCode: e.target.value.trim() })}
              error={!/^\d{0,8}$/.test(sample.hsnCode)}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
            <Autocomplete
              options={categories}
              value={categoryOption(sample.categoryId)}
              onChange={(_e, c) => setSample({ ...sample, categoryId: c?.id ?? null })}
              getOptionLabel={(c) => c.path}
              renderInput={(params) => <TextField {...params} label="Category" />}
            />
          </Box>
          <Button sx={{ mt: 2 }} variant="outlined" onClick={runPreview} disabled={!sampleValid}>
            {draft && draftValid ? 'Preview now and with the change' : 'Preview'}
          </Button>
          {preview ? (
            <Box aria-live="polite" sx={{ mt: 2 }}>
              <Typography variant="body2" sx={{ mb: 1 }}>
                {preview.pricesIncludeTax
                  ? 'Prices include GST: the shopper pays the price; GST is the part of it that is tax.'
                  : 'Prices exclude GST: GST is added to the price.'}{' '}
                CGST and SGST inside the store’s state, IGST elsewhere.
              </Typography>
              <Stack direction="row" sx={{ gap: 3, flexWrap: 'wrap' }}>
                <PreviewColumn title="Now" preview={preview.current} />
                {preview.proposed ? <PreviewColumn title="With the change" preview={preview.proposed} /> : null}
              </Stack>
            </Box>
          ) : null}
        </CardContent>
      </Card>
    </Box>
  );
}
