/**
 * One collection's page (docs/admin.md "Categories and collections"): name, description,
 * picture, shown or hidden, and its products picked by hand (search and add, remove). Owner and
 * staff; every change reaches the storefront at once.
 */
import {
  Alert,
  Avatar,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  FormControlLabel,
  List,
  ListItem,
  ListItemAvatar,
  ListItemText,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import type { AdminCollectionDetail, AdminProductRow } from '@vastra/contracts';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link, Title, useNotify, usePermissions } from 'react-admin';
import { useParams } from 'react-router-dom';
import { adminApi } from '../client';
import { can } from '../authProvider';
import { PictureUpload } from '../settings/PictureUpload';
import { useFail } from './use-fail';

export function CollectionEdit() {
  const { id = '' } = useParams();
  const notify = useNotify();
  const fail = useFail();
  const { permissions } = usePermissions();
  const editable = can(permissions, 'catalog.write');
  const [detail, setDetail] = useState<AdminCollectionDetail | null>(null);
  const [form, setForm] = useState({
    name: '',
    description: '',
    nameHi: '',
    descriptionHi: '',
    image: '',
    isActive: true,
  });
  const [search, setSearch] = useState('');
  const [found, setFound] = useState<AdminProductRow[]>([]);

  const load = useCallback(
    () =>
      adminApi.collections.get(id).then((d) => {
        setDetail(d);
        setForm({
          name: d.name,
          description: d.description,
          nameHi: d.nameHi ?? '',
          descriptionHi: d.descriptionHi ?? '',
          image: d.image ?? '',
          isActive: d.isActive,
        });
      }, fail),
    [id, fail],
  );
  useEffect(() => void load(), [load]);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    // An empty Hindi text is none: shoppers reading Hindi see the English.
    const body = {
      ...form,
      nameHi: form.nameHi.trim() || null,
      descriptionHi: form.descriptionHi.trim() || null,
      image: form.image.trim() || null,
    };
    const saved = await adminApi.collections.update(id, body).catch(fail);
    if (saved) {
      notify('Collection saved', { type: 'success' });
      setDetail(saved);
    }
  };
  const find = async (e: FormEvent) => {
    e.preventDefault();
    const page = await adminApi.products.search({ q: search.trim(), perPage: 10 }).catch(fail);
    if (page) setFound(page.rows);
  };
  const membership = async (productId: string, action: 'add' | 'remove') => {
    const done = await adminApi.collections.setMembers({ ids: [productId], collectionId: id, action }).catch(fail);
    if (done) await load();
  };
  const members = new Set(detail?.products.map((p) => p.id));

  if (!detail) return <Title title="Collection" />;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 960 }}>
      <Title title={`Collection: ${detail.name}`} />
      <Typography sx={{ mb: 1 }}>
        <Link to="/collections">‹ All collections</Link>
      </Typography>
      <Card sx={{ mb: 2 }} component="form" onSubmit={save}>
        <CardContent>
          <Typography component="h2" variant="h6" sx={{ mb: 2 }}>
            {detail.name}{' '}
            <Typography component="span" color="text.secondary">
              /{detail.slug}
            </Typography>
          </Typography>
          <Stack sx={{ gap: 2 }}>
            <TextField
              label="Name"
              value={form.name}
              onChange={(e) => setForm({ ...form, name: e.target.value })}
              helperText="The web address stays the same, so links keep working."
              disabled={!editable}
              slotProps={{ htmlInput: { maxLength: 80 } }}
            />
            <TextField
              label="Name (Hindi)"
              value={form.nameHi}
              onChange={(e) => setForm({ ...form, nameHi: e.target.value })}
              helperText="Optional: shown on the Hindi storefront; the English name where empty."
              disabled={!editable}
              slotProps={{ htmlInput: { maxLength: 80, lang: 'hi' } }}
            />
            <TextField
              label="Description"
              value={form.description}
              onChange={(e) => setForm({ ...form, description: e.target.value })}
              multiline
              minRows={2}
              disabled={!editable}
              slotProps={{ htmlInput: { maxLength: 1000 } }}
            />
            <TextField
              label="Description (Hindi)"
              value={form.descriptionHi}
              onChange={(e) => setForm({ ...form, descriptionHi: e.target.value })}
              multiline
              minRows={2}
              disabled={!editable}
              slotProps={{ htmlInput: { maxLength: 1000, lang: 'hi' } }}
            />
            <Stack direction="row" sx={{ gap: 2, alignItems: 'center' }}>
              <TextField
                label="Picture"
                value={form.image}
                onChange={(e) => setForm({ ...form, image: e.target.value })}
                helperText="Upload a picture, or type a /media/… path (e.g. a product photo’s) or an https:// address; empty for none"
                disabled={!editable}
                sx={{ flex: 1 }}
              />
              {form.image ? <Avatar variant="rounded" src={form.image} alt="" sx={{ width: 56, height: 56 }} /> : null}
            </Stack>
            {editable ? (
              <PictureUpload
                label="Picture"
                url={form.image || null}
                preview={false}
                onUploaded={(url) => setForm({ ...form, image: url })}
              />
            ) : null}
            <FormControlLabel
              control={
                <Switch
                  checked={form.isActive}
                  onChange={(e) => setForm({ ...form, isActive: e.target.checked })}
                  disabled={!editable}
                />
              }
              label="Shown in the shop"
            />
          </Stack>
          {editable ? (
            <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={!form.name.trim()}>
              Save
            </Button>
          ) : null}
        </CardContent>
      </Card>

      <Card>
        <CardContent>
          <Typography component="h2" variant="h6">
            Products ({detail.products.length})
          </Typography>
          {detail.products.length === 0 ? (
            <Alert severity="info" sx={{ my: 1 }}>
              No products yet: find them below and add them.
            </Alert>
          ) : null}
          <List dense>
            {detail.products.map((p) => (
              <ListItem
                key={p.id}
                divider
                disableGutters
                secondaryAction={
                  editable ? (
                    <Button size="small" color="error" onClick={() => membership(p.id, 'remove')}>
                      Remove
                    </Button>
                  ) : null
                }
              >
                <ListItemAvatar>
                  <Avatar variant="rounded" src={p.image ?? undefined} alt="" />
                </ListItemAvatar>
                <ListItemText
                  primary={<Link to={`/products/${p.id}/show`}>{p.name}</Link>}
                  secondary={`${p.brand}${p.status === 'active' ? '' : ` · ${p.status}`}`}
                  sx={{ pr: 10 }}
                />
              </ListItem>
            ))}
          </List>
          {editable ? (
            <>
              <Stack component="form" onSubmit={find} direction="row" sx={{ gap: 1, mt: 2 }}>
                <TextField
                  label="Find products (name, brand, SKU)"
                  value={search}
                  onChange={(e) => setSearch(e.target.value)}
                  sx={{ flex: 1 }}
                />
                <Button type="submit" variant="outlined" disabled={!search.trim()}>
                  Find
                </Button>
              </Stack>
              <List dense aria-label="Products found">
                {found.map((p) => (
                  <ListItem
                    key={p.id}
                    divider
                    disableGutters
                    secondaryAction={
                      members.has(p.id) ? (
                        <Chip size="small" label="In it" />
                      ) : (
                        <Button size="small" onClick={() => membership(p.id, 'add')}>
                          Add
                        </Button>
                      )
                    }
                  >
                    <ListItemText primary={p.name} secondary={p.brand} sx={{ pr: 10 }} />
                  </ListItem>
                ))}
              </List>
            </>
          ) : null}
        </CardContent>
      </Card>
    </Box>
  );
}
