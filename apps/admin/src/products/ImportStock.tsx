/**
 * The stock CSV import (docs/admin.md "Products and stock"): `sku,quantity` lines checked first
 * (every bad line named), then applied all or nothing.
 */
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { STOCK_ADJUST_REASONS, type StockImportBody, type StockImportResult } from '@vastra/contracts';
import { useState } from 'react';
import { useDataProvider, useNotify, useRefresh } from 'react-admin';
import type { VastraDataProvider } from '../dataProvider';

/** "Ready: 2 sizes change, 1 stays as it is." */
function importSummary(result: StockImportResult): string {
  const changing = result.changes.filter((c) => c.stockAfter !== c.stockBefore).length;
  const same = result.changes.length - changing;
  const sizes = (n: number) => `${n} ${n === 1 ? 'size' : 'sizes'}`;
  return `${result.applied ? 'Imported' : 'Ready'}: ${sizes(changing)} ${changing === 1 ? 'changes' : 'change'}, ${sizes(same)} ${same === 1 ? 'stays as it is' : 'stay as they are'}.`;
}

/** The stock CSV import: the file checked first (every bad row named), then applied all or nothing. */
export function ImportStock({ onClose }: { onClose: () => void }) {
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
