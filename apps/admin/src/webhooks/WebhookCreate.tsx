/**
 * Adding a webhook (docs/admin.md "Webhooks"): the receiver's address, the events it gets and
 * a note; the API checks the address (https, public) and names what is wrong. The signing
 * secret of the answer is handed to the caller, which shows it once.
 */
import { Box, Button, Checkbox, FormControlLabel, FormGroup, FormLabel, TextField } from '@mui/material';
import { WEBHOOK_EVENTS, WEBHOOK_EVENT_LABELS, type WebhookEvent, type WebhookWithSecret } from '@vastra/contracts';
import { useState, type FormEvent } from 'react';
import { adminApi } from '../client';

export function WebhookCreate({ onCreated }: { onCreated: (made: WebhookWithSecret) => void }) {
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const toggle = (event: WebhookEvent, on: boolean) =>
    setEvents((now) => (on ? [...now, event] : now.filter((e) => e !== event)));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const made = await adminApi.webhooks.create({ url, events, description });
      setUrl('');
      setDescription('');
      setEvents([]);
      onCreated(made);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="form" onSubmit={submit} sx={{ display: 'grid', gap: 2, maxWidth: 640 }} aria-label="Add a webhook">
      <TextField
        label="Address"
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        required
        placeholder="https://erp.example.com/vastra-hook"
        helperText="A public https address; the store signs every delivery"
        error={error !== null}
      />
      <TextField
        label="Note"
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        placeholder="Tally, the ERP, the marketing tool…"
      />
      <FormGroup>
        <FormLabel component="legend">Events</FormLabel>
        {WEBHOOK_EVENTS.map((event) => (
          <FormControlLabel
            key={event}
            control={<Checkbox checked={events.includes(event)} onChange={(e) => toggle(event, e.target.checked)} />}
            label={`${WEBHOOK_EVENT_LABELS[event]} (${event})`}
          />
        ))}
      </FormGroup>
      <Box role="status" aria-live="polite" sx={{ color: 'error.main', minHeight: '1.5em' }}>
        {error}
      </Box>
      <Box>
        <Button type="submit" variant="contained" disabled={busy || events.length === 0}>
          Add webhook
        </Button>
      </Box>
    </Box>
  );
}
