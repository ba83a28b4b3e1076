/**
 * The collections (docs/admin.md "Categories and collections"): the list in the storefront's
 * order (move up or down, hide or show, make a new one). Owner and staff; every change reaches
 * the storefront at once.
 */
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { AdminCollection } from '@vastra/contracts';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link, Title, useNotify, usePermissions } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { adminApi } from '../client';
import { can } from '../authProvider';
import { useFail } from './use-fail';

export function CollectionList() {
  const notify = useNotify();
  const fail = useFail();
  const navigate = useNavigate();
  const { permissions } = usePermissions();
  const editable = can(permissions, 'catalog.write');
  const [rows, setRows] = useState<AdminCollection[] | null>(null);
  const [name, setName] = useState('');
  const load = useCallback(() => adminApi.collections.list().then(setRows, fail), [fail]);
  useEffect(() => void load(), [load]);

  const move = async (from: number, to: number) => {
    const ids = (rows ?? []).map((r) => r.id);
    [ids[from], ids[to]] = [ids[to]!, ids[from]!];
    const done = await adminApi.collections.order(ids).catch(fail);
    if (done) await load();
  };
  const setShown = async (row: AdminCollection, isActive: boolean) => {
    const done = await adminApi.collections.update(row.id, { isActive }).catch(fail);
    if (done) {
      notify(isActive ? `${row.name} is shown in the shop` : `${row.name} is hidden from the shop`, {
        type: 'success',
      });
      await load();
    }
  };
  const create = async (e: FormEvent) => {
    e.preventDefault();
    const made = await adminApi.collections.create(name).catch(fail);
    if (made) navigate(`/collections/${made.id}`);
  };

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 960 }}>
      <Title title="Collections" />
      <Card>
        <CardContent>
          <Typography component="h2" variant="h6">
            Collections in the shop’s order
          </Typography>
          <List>
            {(rows ?? []).map((row, i) => (
              <ListItem key={row.id} divider disableGutters sx={{ flexWrap: 'wrap', gap: 1 }}>
                <ListItemText
                  sx={{ flex: '1 1 200px' }}
                  primary={<Link to={`/collections/${row.id}`}>{row.name}</Link>}
                  secondary={`/${row.slug} · ${row.products} product${row.products === 1 ? '' : 's'}`}
                />
                {row.isActive ? null : <Chip size="small" label="Hidden" />}
                {editable ? (
                  <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
                    <Button
                      size="small"
                      disabled={i === 0}
                      onClick={() => move(i, i - 1)}
                      aria-label={`Move ${row.name} up`}
                    >
                      Up
                    </Button>
                    <Button
                      size="small"
                      disabled={i === (rows ?? []).length - 1}
                      onClick={() => move(i, i + 1)}
                      aria-label={`Move ${row.name} down`}
                    >
                      Down
                    </Button>
                    <Button size="small" onClick={() => setShown(row, !row.isActive)}>
                      {row.isActive ? 'Hide' : 'Show'}
                    </Button>
                  </Stack>
                ) : null}
              </ListItem>
            ))}
          </List>
          {editable ? (
            <Stack
              component="form"
              onSubmit={create}
              direction={{ xs: 'column', sm: 'row' }}
              sx={{ gap: 1, mt: 2, alignItems: { sm: 'center' } }}
            >
              <TextField
                label="New collection’s name"
                value={name}
                onChange={(e) => setName(e.target.value)}
                slotProps={{ htmlInput: { maxLength: 80 } }}
                sx={{ flex: 1 }}
              />
              <Button type="submit" variant="contained" disabled={!name.trim()}>
                Make collection
              </Button>
            </Stack>
          ) : null}
        </CardContent>
      </Card>
    </Box>
  );
}
