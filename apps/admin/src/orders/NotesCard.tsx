/** Internal notes of an order or a customer, newest first, with a box to add one (every role may). */
import { Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import type { AdminNote } from '@vastra/contracts';
import { useState } from 'react';
import { useDataProvider, useNotify, useRefresh, type Identifier } from 'react-admin';
import { istDateTime } from '../api';
import type { VastraDataProvider } from '../dataProvider';

export function NotesCard({
  entity,
  id,
  notes,
}: {
  entity: 'orders' | 'customers';
  id: Identifier;
  notes: AdminNote[];
}) {
  const dataProvider = useDataProvider<VastraDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [body, setBody] = useState('');
  const add = async () => {
    try {
      await dataProvider.addNote(entity, id, body);
      setBody('');
      refresh();
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    }
  };
  return (
    <Card sx={{ mb: 2 }}>
      <CardContent>
        <Typography component="h2" variant="h6" gutterBottom>
          Internal notes
        </Typography>
        <Stack spacing={1}>
          {notes.map((note) => (
            <Typography key={note.id}>
              {note.body}
              <Typography component="span" variant="body2" color="text.secondary">
                {' '}
                — {note.author}, {istDateTime(note.createdAt)}
              </Typography>
            </Typography>
          ))}
          <TextField label="Add a note" value={body} onChange={(e) => setBody(e.target.value)} multiline minRows={2} />
          <Button onClick={add} disabled={!body.trim()}>
            Save note
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
