/**
 * One homepage section's form (docs/admin.md "Homepage"): title, subtitle, switched on or off,
 * the schedule in Indian time, and the content of its type: slides and tiles (titles, pictures,
 * links), the collection to highlight, products picked by search, the categories to feature.
 * New sections go last; removing one asks first.
 */
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import {
  BooleanInput,
  Confirm,
  Form,
  ResourceContextProvider,
  SaveButton,
  TextInput,
  Title,
  required,
  useNotify,
} from 'react-admin';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { adminApi } from '../client';
import { TYPE_NAMES, fromIstInput, toIstInput } from './sections';
import { ContentInputs, contentBody, endAfterStart, newSection, type Choice, type Values } from './SectionContent';

/** The section's form: `/homepage/new/:type` makes one, `/homepage/:id` edits it. */
export function SectionForm() {
  const { id, type: newType } = useParams();
  const navigate = useNavigate();
  const notify = useNotify();
  const [loaded, setLoaded] = useState<Values | null>(null);
  const record = id ? loaded : newSection(newType);
  const [categories, setCategories] = useState<Choice[]>([]);
  const [collections, setCollections] = useState<Choice[]>([]);
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    const fail = (err: Error) => notify(err.message, { type: 'error' });
    if (id) adminApi.homepage.section(id).then(setLoaded, fail);
    adminApi.categories.list().then((rows) => setCategories(rows.map((c) => ({ id: c.slug, name: c.path }))), fail);
    adminApi.collections
      .list()
      .then(
        (rows) => setCollections(rows.map((c) => ({ id: c.slug, name: c.isActive ? c.name : `${c.name} (hidden)` }))),
        fail,
      );
  }, [id, notify]);

  if (!record) return <Typography sx={{ m: 2 }}>Loading…</Typography>;
  const type = record.sectionType;

  const save = async (values: Record<string, unknown>) => {
    const v = values as Values;
    const body = {
      title: v.title,
      subtitle: v.subtitle || null,
      // Empty Hindi texts are none: the Hindi storefront shows the English.
      titleHi: v.titleHi?.trim() || null,
      subtitleHi: v.subtitleHi?.trim() || null,
      isActive: Boolean(v.isActive),
      startsAt: v.startsAt ?? null,
      endsAt: v.endsAt ?? null,
      content: contentBody(type, v.content),
    };
    try {
      if (id) await adminApi.homepage.update(id, body);
      else await adminApi.homepage.create({ ...body, sectionType: type });
      notify(id ? 'Section saved' : 'Section added', { type: 'info' });
      navigate('/homepage');
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    }
  };

  const remove = async () => {
    setConfirming(false);
    try {
      await adminApi.homepage.remove(id!);
      notify('Section removed', { type: 'info' });
      navigate('/homepage');
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    }
  };

  const heading = id ? `Homepage section: ${record.title}` : `New section: ${TYPE_NAMES[type]}`;
  return (
    <Box sx={{ mt: 2, maxWidth: 800 }}>
      <Title title="Homepage" />
      <Button component={Link} to="/homepage" sx={{ mb: 1 }}>
        ← All sections
      </Button>
      <Card>
        <CardContent>
          <Typography component="h1" variant="h5" sx={{ overflowWrap: 'anywhere' }}>
            {heading}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {TYPE_NAMES[type]}
          </Typography>
          {/* The form's array inputs need a resource; every label is given, so it names nothing shown. */}
          <ResourceContextProvider value="homepage">
            <Form record={record} onSubmit={save}>
              <TextInput source="title" label="Title" validate={required()} fullWidth />
              <TextInput source="subtitle" label="Subtitle (optional)" fullWidth />
              <TextInput
                source="titleHi"
                label="Title (Hindi, optional)"
                fullWidth
                slotProps={{ htmlInput: { lang: 'hi' } }}
              />
              <TextInput
                source="subtitleHi"
                label="Subtitle (Hindi, optional)"
                fullWidth
                slotProps={{ htmlInput: { lang: 'hi' } }}
              />
              <BooleanInput source="isActive" label="Switched on (shown within its dates)" />
              <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: { sm: 2 } }}>
                <TextInput
                  source="startsAt"
                  label="Starts (India time, optional)"
                  type="datetime-local"
                  format={toIstInput}
                  parse={fromIstInput}
                  slotProps={{ inputLabel: { shrink: true } }}
                />
                <TextInput
                  source="endsAt"
                  label="Ends (India time, optional)"
                  type="datetime-local"
                  format={toIstInput}
                  parse={fromIstInput}
                  validate={endAfterStart}
                  slotProps={{ inputLabel: { shrink: true } }}
                />
              </Stack>
              <Typography component="h2" variant="h6" sx={{ mt: 1, mb: 1 }}>
                Content
              </Typography>
              <ContentInputs type={type} categories={categories} collections={collections} />
              <Stack direction="row" sx={{ gap: 1, mt: 2, flexWrap: 'wrap' }}>
                <SaveButton label={id ? 'Save section' : 'Add section'} alwaysEnable />
                {id ? (
                  <Button color="error" onClick={() => setConfirming(true)}>
                    Remove section
                  </Button>
                ) : null}
              </Stack>
            </Form>
          </ResourceContextProvider>
        </CardContent>
      </Card>
      <Confirm
        isOpen={confirming}
        title="Remove this section?"
        content="Shoppers no longer see it. This cannot be undone."
        confirm="Remove"
        onConfirm={remove}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
