/**
 * The owner's outgoing webhooks (docs/admin.md "Webhooks"): every endpoint with its events and
 * state, switched on and off here, its secret rotated, removed, its delivery log a click away;
 * a form to add one. A new or rotated signing secret is shown once, in a dialog.
 */
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { WebhookEndpoint, WebhookWithSecret } from '@vastra/contracts';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Title, useNotify } from 'react-admin';
import { adminApi } from '../client';
import { WebhookCreate } from './WebhookCreate';

/** The signing secret, shown this once with what to do with it. */
function SecretDialog({ made, onClose }: { made: WebhookWithSecret | null; onClose: () => void }) {
  return (
    <Dialog open={made !== null} onClose={onClose} aria-labelledby="webhook-secret-title">
      <DialogTitle id="webhook-secret-title">Signing secret</DialogTitle>
      <DialogContent>
        <Typography gutterBottom>
          Copy it into the receiving system now: it is not shown again. The receiver checks each delivery’s
          x-vastra-signature with it.
        </Typography>
        <Typography component="code" sx={{ display: 'block', p: 1, bgcolor: 'grey.100', overflowWrap: 'anywhere' }}>
          {made?.secret}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void navigator.clipboard?.writeText(made?.secret ?? '')}>Copy</Button>
        <Button onClick={onClose} variant="contained">
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function Webhooks() {
  const notify = useNotify();
  const [endpoints, setEndpoints] = useState<WebhookEndpoint[] | null>(null);
  const [made, setMade] = useState<WebhookWithSecret | null>(null);
  const fail = useCallback((err: Error) => notify(err.message, { type: 'error' }), [notify]);
  const load = useCallback(() => adminApi.webhooks.list().then(setEndpoints, fail), [fail]);

  useEffect(() => {
    void load();
  }, [load]);

  const switchTo = async (endpoint: WebhookEndpoint, enabled: boolean) => {
    const saved = await adminApi.webhooks.setEnabled(endpoint.id, enabled).catch(fail);
    if (saved) setEndpoints((list) => list?.map((e) => (e.id === saved.id ? saved : e)) ?? null);
  };

  const rotate = async (endpoint: WebhookEndpoint) => {
    if (!window.confirm('Make a new signing secret? The old one keeps signing for 24 hours.')) return;
    const rotated = await adminApi.webhooks.rotateSecret(endpoint.id).catch(fail);
    if (rotated) setMade(rotated);
  };

  const remove = async (endpoint: WebhookEndpoint) => {
    if (!window.confirm(`Remove the webhook to ${endpoint.url} and its delivery log?`)) return;
    const removed = await adminApi.webhooks.remove(endpoint.id).catch(fail);
    if (removed) setEndpoints((list) => list?.filter((e) => e.id !== endpoint.id) ?? null);
  };

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 1100 }}>
      <Title title="Webhooks" />
      <Alert severity="info" sx={{ mb: 2 }}>
        The store tells your other systems (accounting, an ERP, a marketing tool) what happened: each event’s ids,
        signed, retried for about half an hour. A webhook whose deliveries keep failing is switched off and you are
        mailed.
      </Alert>
      {endpoints === null ? (
        <CircularProgress aria-label="Loading the webhooks" />
      ) : endpoints.length === 0 ? (
        <Typography sx={{ mb: 2 }}>No webhooks yet.</Typography>
      ) : (
        <Box sx={{ overflowX: 'auto', mb: 3 }}>
          <Table size="small" aria-label="Webhooks">
            <TableHead>
              <TableRow>
                <TableCell>Address</TableCell>
                <TableCell>Events</TableCell>
                <TableCell>On</TableCell>
                <TableCell>Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {endpoints.map((endpoint) => (
                <TableRow key={endpoint.id}>
                  <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 200 }}>
                    <Link to={`/webhooks/${endpoint.id}`}>{endpoint.url}</Link>
                    {endpoint.description ? <Typography variant="body2">{endpoint.description}</Typography> : null}
                    {endpoint.disabledReason ? (
                      <Typography variant="body2" color="error">
                        {endpoint.disabledReason}
                      </Typography>
                    ) : null}
                  </TableCell>
                  <TableCell>
                    {endpoint.events.map((event) => (
                      <Chip key={event} label={event} size="small" sx={{ m: 0.25 }} />
                    ))}
                  </TableCell>
                  <TableCell>
                    <Switch
                      checked={endpoint.enabled}
                      onChange={(e) => void switchTo(endpoint, e.target.checked)}
                      slotProps={{ input: { 'aria-label': `Webhook to ${endpoint.url} on` } }}
                    />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <Button size="small" component={Link} to={`/webhooks/${endpoint.id}`}>
                      Deliveries
                    </Button>
                    <Button size="small" onClick={() => void rotate(endpoint)}>
                      New secret
                    </Button>
                    <Button size="small" color="error" onClick={() => void remove(endpoint)}>
                      Remove
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      <Typography component="h2" variant="h6" gutterBottom>
        Add a webhook
      </Typography>
      <WebhookCreate
        onCreated={(created) => {
          setMade(created);
          void load();
        }}
      />
      <SecretDialog made={made} onClose={() => setMade(null)} />
    </Box>
  );
}
