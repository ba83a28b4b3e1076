/**
 * Categories (docs/admin.md "Categories and collections"): the tree of three levels (top
 * level → sub-category → product category) in the storefront's order, hidden ones marked.
 * Each category's actions: rename (the web address stays), add a category below (not below a
 * product category), move under another category of the level above, move up or down among
 * its siblings, hide or show. Owner and staff; every change reaches the storefront at once.
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
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { AdminCategoryNode } from '@vastra/contracts';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Title, useNotify, usePermissions } from 'react-admin';
import { adminApi } from '../client';
import { can } from '../authProvider';
import { CategoryRow, LEVEL_ABOVE, LEVEL_NAMES } from './CategoryRow';

/** What the dialog is doing: naming a new or renamed category, or choosing a new parent. */
type Dialogue =
  | { kind: 'create'; parent: AdminCategoryNode | null }
  | { kind: 'rename'; node: AdminCategoryNode }
  | { kind: 'move'; node: AdminCategoryNode };

/** Every category with its path of names, depth first. */
function flatten(nodes: AdminCategoryNode[], path: string[] = []): { node: AdminCategoryNode; path: string }[] {
  return nodes.flatMap((n) => [
    { node: n, path: [...path, n.name].join(' › ') },
    ...flatten(n.children, [...path, n.name]),
  ]);
}
export function Categories() {
  const notify = useNotify();
  const { permissions } = usePermissions();
  const editable = can(permissions, 'catalog.write');
  const [tree, setTree] = useState<AdminCategoryNode[] | null>(null);
  const [open, setOpen] = useState<Set<string>>(new Set());
  const [dialogue, setDialogue] = useState<Dialogue | null>(null);
  const [name, setName] = useState('');
  const [nameHi, setNameHi] = useState('');
  const [parentId, setParentId] = useState('');
  const fail = useCallback((err: Error) => notify(err.message, { type: 'error' }), [notify]);
  const load = useCallback(() => adminApi.categories.tree().then(setTree, fail), [fail]);
  useEffect(() => void load(), [load]);

  /** Runs a change, then reloads the tree; false when the API refused it. */
  const change = async (call: () => Promise<unknown>, done: string) => {
    const ok = await call().then(
      () => true,
      (err: Error) => (fail(err), false),
    );
    if (ok) {
      notify(done, { type: 'success' });
      await load();
    }
    return ok;
  };

  const all = flatten(tree ?? []);
  const siblingsOf = (node: AdminCategoryNode) =>
    node.parentId ? (all.find((c) => c.node.id === node.parentId)?.node.children ?? []) : (tree ?? []);

  const act: Parameters<typeof CategoryRow>[0]['act'] = (action, node) => {
    if (action === 'rename' || action === 'move' || action === 'create') {
      setName(action === 'rename' ? node.name : '');
      setNameHi(action === 'rename' ? (node.nameHi ?? '') : '');
      setParentId(action === 'move' ? (node.parentId ?? '') : '');
      setDialogue(action === 'create' ? { kind: 'create', parent: node } : { kind: action, node });
      return;
    }
    if (action === 'hide' || action === 'show') {
      void change(
        () => adminApi.categories.update(node.id, { isActive: action === 'show' }),
        action === 'hide' ? `${node.name} is hidden from the shop` : `${node.name} is shown in the shop`,
      );
      return;
    }
    const ids = siblingsOf(node).map((s) => s.id);
    const from = ids.indexOf(node.id);
    const to = action === 'up' ? from - 1 : from + 1;
    [ids[from], ids[to]] = [ids[to]!, ids[from]!];
    void change(() => adminApi.categories.order(node.parentId, ids), 'Order saved');
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!dialogue) return;
    const ok =
      dialogue.kind === 'create'
        ? await change(
            () =>
              adminApi.categories.create({
                name,
                nameHi: nameHi.trim() || null,
                parentId: dialogue.parent?.id ?? null,
              }),
            `${name.trim()} made`,
          )
        : dialogue.kind === 'rename'
          ? await change(
              () => adminApi.categories.update(dialogue.node.id, { name, nameHi: nameHi.trim() || null }),
              'Renamed',
            )
          : await change(() => adminApi.categories.update(dialogue.node.id, { parentId }), 'Moved');
    if (ok) {
      if (dialogue.kind === 'create' && dialogue.parent) setOpen((s) => new Set(s).add(dialogue.parent!.id));
      setDialogue(null);
    }
  };

  const rows = (nodes: AdminCategoryNode[], depth: number) =>
    nodes.map((node) => (
      <Box key={node.id} sx={{ pl: { xs: depth * 1.5, sm: depth * 3 } }}>
        <CategoryRow
          node={node}
          siblings={nodes}
          editable={editable}
          open={open.has(node.id)}
          toggle={() =>
            setOpen((s) => {
              const next = new Set(s);
              if (!next.delete(node.id)) next.add(node.id);
              return next;
            })
          }
          act={act}
        />
        {open.has(node.id) ? rows(node.children, depth + 1) : null}
      </Box>
    ));

  const moveTargets =
    dialogue?.kind === 'move' ? all.filter((c) => c.node.level === LEVEL_ABOVE[dialogue.node.level]) : [];
  const title =
    dialogue?.kind === 'create'
      ? dialogue.parent
        ? `New category under ${dialogue.parent.name}`
        : 'New top-level category'
      : dialogue?.kind === 'rename'
        ? `Rename ${dialogue.node.name}`
        : dialogue
          ? `Move ${dialogue.node.name}`
          : '';

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 960 }}>
      <Title title="Categories" />
      <Alert severity="info" sx={{ mb: 2 }}>
        Three levels: top level, sub-category, product category (products sit in these). The shop shows a category once
        it holds products on sale; a hidden category leaves the shop’s menus with everything under it, while its
        products stay on sale and in search.
      </Alert>
      <Card>
        <CardContent>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1, gap: 1 }}>
            <Typography component="h2" variant="h6">
              Category tree
            </Typography>
            {editable ? (
              <Button
                variant="contained"
                onClick={() => (setName(''), setNameHi(''), setDialogue({ kind: 'create', parent: null }))}
              >
                New top-level category
              </Button>
            ) : null}
          </Stack>
          {tree ? rows(tree, 0) : <Typography>Loading…</Typography>}
        </CardContent>
      </Card>

      <Dialog open={dialogue !== null} onClose={() => setDialogue(null)} fullWidth maxWidth="sm">
        <form onSubmit={submit}>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent>
            {dialogue?.kind === 'move' ? (
              <TextField
                select
                fullWidth
                margin="dense"
                label={`New place (${LEVEL_NAMES[LEVEL_ABOVE[dialogue.node.level]!].toLowerCase()})`}
                value={parentId}
                onChange={(e) => setParentId(e.target.value)}
              >
                {moveTargets.map((c) => (
                  <MenuItem key={c.node.id} value={c.node.id}>
                    {c.path}
                  </MenuItem>
                ))}
              </TextField>
            ) : (
              <>
                <TextField
                  autoFocus
                  fullWidth
                  margin="dense"
                  label="Name"
                  value={name}
                  onChange={(e) => setName(e.target.value)}
                  helperText={
                    dialogue?.kind === 'rename'
                      ? 'The web address stays the same, so links keep working.'
                      : 'The web address is made from the name.'
                  }
                  slotProps={{ htmlInput: { maxLength: 80 } }}
                />
                <TextField
                  fullWidth
                  margin="dense"
                  label="Name (Hindi)"
                  value={nameHi}
                  onChange={(e) => setNameHi(e.target.value)}
                  helperText="Optional: shown on the Hindi storefront; the English name where empty."
                  slotProps={{ htmlInput: { maxLength: 80, lang: 'hi' } }}
                />
              </>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setDialogue(null)}>Cancel</Button>
            <Button
              type="submit"
              variant="contained"
              disabled={dialogue?.kind === 'move' ? !parentId || parentId === dialogue.node.parentId : !name.trim()}
            >
              {dialogue?.kind === 'move' ? 'Move' : 'Save'}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </Box>
  );
}
