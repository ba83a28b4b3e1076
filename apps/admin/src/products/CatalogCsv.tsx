/**
 * The catalogue as CSV in the admin (docs/admin.md "Importing and exporting the catalogue"):
 * a products file checked first (every bad row named by line), then imported as a background
 * job with a progress bar, the recent imports, and the export of the list as filtered.
 */
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import type { CatalogImport } from '@vastra/contracts';
import { useEffect, useState } from 'react';
import { useListContext, useRefresh } from 'react-admin';
import { istDateTime, query } from '../api';
import { adminApi } from '../client';

/** How often a running import is asked for its progress, in ms. */
const POLL_MS = 500;
const ENDED = ['checked', 'done', 'failed'];

const STATUS_TEXT: Record<CatalogImport['status'], string> = {
  queued: 'Waiting to start',
  checking: 'Checking every row',
  writing: 'Importing',
  checked: 'Checked: no problems',
  done: 'Imported',
  failed: 'Not imported',
};

/** "Imported: 3 products, 6 sizes." and the like, for the job as it stands. */
function summary(job: CatalogImport): string {
  if (job.status === 'checked') return `Checked: ${job.total} products, no problems. Nothing was changed yet.`;
  if (job.status === 'done') return `Imported: ${job.total} products, ${job.variants} sizes.`;
  if (job.status === 'failed') {
    const n = job.problems.length;
    return `Not imported: ${n} ${n === 1 ? 'problem' : 'problems'}. Nothing was changed.`;
  }
  return STATUS_TEXT[job.status];
}

/** Waits for the job to end, showing each step it reports. */
async function follow(job: CatalogImport, onStep: (job: CatalogImport) => void): Promise<CatalogImport> {
  let now = job;
  onStep(now);
  while (!ENDED.includes(now.status)) {
    await new Promise((r) => setTimeout(r, POLL_MS));
    now = await adminApi.catalogImports.get(job.id);
    onStep(now);
  }
  return now;
}

function ImportDialog({ onClose }: { onClose: () => void }) {
  const refresh = useRefresh();
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [job, setJob] = useState<CatalogImport | null>(null);
  const [checked, setChecked] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [history, setHistory] = useState<CatalogImport[]>([]);
  const loadHistory = () => void adminApi.catalogImports.list().then(setHistory);
  useEffect(loadHistory, []);
  const running = job !== null && !ENDED.includes(job.status);
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));

  const send = async (dryRun: boolean) => {
    if (!file) return;
    setError(null);
    try {
      const started = await adminApi.catalogImports.start({ csv: file.text, fileName: file.name, dryRun });
      const ended = await follow(started, setJob);
      setChecked(dryRun && ended.status === 'checked');
      if (ended.status === 'done') refresh();
      loadHistory();
    } catch (err) {
      setError((err as Error).message);
    }
  };
  const percent = job?.total ? Math.round((job.done / job.total) * 100) : 0;

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>Import products</DialogTitle>
      <DialogContent>
        <Typography variant="body2" gutterBottom>
          A products CSV in the columns of docs/importing-products.md. Products are matched by external_id: a known one
          is updated, a new one added. The file is checked first; nothing changes until you import it.
        </Typography>
        <Box component="label" sx={{ display: 'block', my: 2 }}>
          <Typography component="span" sx={{ mr: 1 }}>
            Products file (CSV)
          </Typography>
          <input
            type="file"
            accept=".csv,text/csv"
            onChange={async (e) => {
              const chosen = e.target.files?.[0];
              setJob(null);
              setChecked(false);
              setFile(chosen ? { name: chosen.name, text: await chosen.text() } : null);
            }}
          />
        </Box>
        {job ? (
          <Box role="status" sx={{ mb: 2 }}>
            <Typography gutterBottom>{summary(job)}</Typography>
            {job.status === 'writing' || job.status === 'checking' || job.status === 'queued' ? (
              <LinearProgress
                variant={job.status === 'writing' ? 'determinate' : 'indeterminate'}
                value={percent}
                aria-label="Import progress"
              />
            ) : null}
          </Box>
        ) : null}
        {job?.status === 'failed' ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            <Box component="ul" sx={{ m: 0, pl: 2 }}>
              {job.problems.slice(0, 50).map((p, i) => (
                <li key={i}>{p.line ? `Line ${p.line}: ${p.message}` : p.message}</li>
              ))}
            </Box>
          </Alert>
        ) : null}
        {error ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        ) : null}
        <Typography component="h3" variant="subtitle1" sx={{ mt: 2 }}>
          Recent imports
        </Typography>
        {small ? (
          <Box component="ul" aria-label="Recent imports" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {history.slice(0, 10).map((h) => (
              <Box component="li" key={h.id} sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
                <Typography variant="body2">{summary(h)}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {istDateTime(h.createdAt)} · {h.dryRun ? 'Check' : 'Import'} of {h.fileName} by {h.actor}
                </Typography>
              </Box>
            ))}
          </Box>
        ) : (
          <Table size="small" aria-label="Recent imports">
            <TableHead>
              <TableRow>
                <TableCell>When</TableCell>
                <TableCell>File</TableCell>
                <TableCell>Kind</TableCell>
                <TableCell>Outcome</TableCell>
                <TableCell>By</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {history.slice(0, 10).map((h) => (
                <TableRow key={h.id}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{istDateTime(h.createdAt)}</TableCell>
                  <TableCell>{h.fileName}</TableCell>
                  <TableCell>{h.dryRun ? 'Check' : 'Import'}</TableCell>
                  <TableCell>{summary(h)}</TableCell>
                  <TableCell>{h.actor}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        <Button disabled={!file || running} onClick={() => void send(true)}>
          Check
        </Button>
        <Button variant="contained" disabled={!checked || running} onClick={() => void send(false)}>
          Import
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The list's "Import products" and "Export CSV" (the products as filtered). */
export function CatalogCsvButtons() {
  const { filterValues } = useListContext();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)}>
        Import products
      </Button>
      <Button size="small" href={`/admin/api/products/export.csv${query(filterValues)}`} download>
        Export CSV
      </Button>
      {open ? <ImportDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
}
