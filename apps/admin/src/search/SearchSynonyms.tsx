/**
 * Search synonyms (docs/admin.md "Search synonyms"): the words a shopper's search word also
 * finds, so Hindi and Hinglish words ("कुर्ता", "chappal") find the catalogue's English ones.
 * Each row is one way: the word, then what it also finds (words or short phrases, one per
 * comma). Listed by word; added, changed and removed in a dialog. Owner and staff may change
 * them (`catalog.write`); the next search on every server uses the change.
 */
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { SearchSynonym } from '@vastra/contracts';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Title, useNotify, usePermissions } from 'react-admin';
import { can } from '../authProvider';
import { adminApi } from '../client';

/** "flip flops, sandals ,, slippers" → ["flip flops", "sandals", "slippers"]. */
export const equivalentsOf = (typed: string) =>
  typed
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);

type Editing = { synonym: SearchSynonym | null; term: string; equivalents: string };

export function SearchSynonyms() {
  const notify = useNotify();
  const { permissions } = usePermissions();
  const editable = can(permissions, 'catalog.write');
  const [rows, setRows] = useState<SearchSynonym[] | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const fail = useCallback((err: Error) => notify(err.message, { type: 'error' }), [notify]);
  const load = useCallback(() => adminApi.searchSynonyms.list().then(setRows, fail), [fail]);
  useEffect(() => void load(), [load]);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!editing) return;
    const body = { term: editing.term, equivalents: equivalentsOf(editing.equivalents) };
    const saved = await (
      editing.synonym ? adminApi.searchSynonyms.update(editing.synonym.id, body) : adminApi.searchSynonyms.create(body)
    ).catch(fail);
    if (saved) {
      notify(`Synonyms of ${saved.term} saved`, { type: 'success' });
      setEditing(null);
      await load();
    }
  };

  const remove = async (synonym: SearchSynonym) => {
    const done = await adminApi.searchSynonyms.remove(synonym.id).catch(fail);
    if (done) {
      notify(`Synonyms of ${synonym.term} removed`, { type: 'success' });
      await load();
    }
  };

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 960 }}>
      <Title title="Search synonyms" />
      <Alert severity="info" sx={{ mb: 2 }}>
        A shopper’s search word also finds what you list beside it, in Hindi or English: “chappal” finds flip flops,
        sandals and slippers. One way only: add the other direction as its own word. Changes apply to the next search.
      </Alert>
      <Card>
        <CardContent>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1, gap: 1 }}>
            <Typography component="h2" variant="h6">
              Words and what they also find
            </Typography>
            {editable ? (
              <Button variant="contained" onClick={() => setEditing({ synonym: null, term: '', equivalents: '' })}>
                Add a word
              </Button>
            ) : null}
          </Stack>
          {rows === null ? (
            <Typography>Loading…</Typography>
          ) : rows.length === 0 ? (
            <Typography>No synonyms yet.</Typography>
          ) : (
            <List dense>
              {rows.map((s) => (
                <ListItem
                  key={s.id}
                  divider
                  secondaryAction={
                    editable ? (
                      <Stack direction="row" sx={{ gap: 1 }}>
                        <Button
                          size="small"
                          aria-label={`Change ${s.term}`}
                          onClick={() =>
                            setEditing({ synonym: s, term: s.term, equivalents: s.equivalents.join(', ') })
                          }
                        >
                          Change
                        </Button>
                        <Button
                          size="small"
                          color="error"
                          aria-label={`Remove ${s.term}`}
                          onClick={() => void remove(s)}
                        >
                          Remove
                        </Button>
                      </Stack>
                    ) : null
                  }
                >
                  <ListItemText
                    primary={<span lang={/\p{sc=Devanagari}/u.test(s.term) ? 'hi' : undefined}>{s.term}</span>}
                    secondary={`also finds: ${s.equivalents.join(', ')}`}
                    sx={{ pr: 20 }}
                  />
                </ListItem>
              ))}
            </List>
          )}
        </CardContent>
      </Card>

      <Dialog open={editing !== null} onClose={() => setEditing(null)} fullWidth maxWidth="sm">
        <form onSubmit={save}>
          <DialogTitle>{editing?.synonym ? `Change ${editing.synonym.term}` : 'Add a word'}</DialogTitle>
          <DialogContent>
            <TextField
              autoFocus
              fullWidth
              margin="dense"
              label="Word"
              value={editing?.term ?? ''}
              onChange={(e) => setEditing((ed) => ed && { ...ed, term: e.target.value })}
              helperText="One word as shoppers type it, in English letters or Hindi (chappal, कुर्ता)."
              slotProps={{ htmlInput: { maxLength: 40 } }}
            />
            <TextField
              fullWidth
              margin="dense"
              label="Also finds"
              value={editing?.equivalents ?? ''}
              onChange={(e) => setEditing((ed) => ed && { ...ed, equivalents: e.target.value })}
              helperText="Words or short phrases, separated by commas (flip flops, sandals)."
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setEditing(null)}>Cancel</Button>
            <Button
              type="submit"
              variant="contained"
              disabled={!editing?.term.trim() || equivalentsOf(editing.equivalents).length === 0}
            >
              Save
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </Box>
  );
}
