/**
 * One webhook's delivery log (docs/admin.md "Webhooks"): its latest deliveries, newest first,
 * each attempt with the receiver's status, the start of its answer, how long it took and what
 * went wrong.
 */
import {
  Box,
  Button,
  Chip,
  CircularProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { WebhookDelivery } from '@vastra/contracts';
import { useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Title, useNotify } from 'react-admin';
import { istDateTime } from '../api';
import { adminApi } from '../client';

const STATUS_CHIPS: Record<WebhookDelivery['status'], { label: string; color: 'default' | 'success' | 'error' }> = {
  pending: { label: 'Under way', color: 'default' },
  succeeded: { label: 'Delivered', color: 'success' },
  failed: { label: 'Failed', color: 'error' },
};

export function WebhookDeliveries() {
  const { id } = useParams<{ id: string }>();
  const notify = useNotify();
  const [deliveries, setDeliveries] = useState<WebhookDelivery[] | null>(null);
  const load = useCallback(
    () =>
      adminApi.webhooks
        .deliveries(id ?? '')
        .then(setDeliveries, (err: Error) => notify(err.message, { type: 'error' })),
    [id, notify],
  );

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 1100 }}>
      <Title title="Webhook deliveries" />
      <Box sx={{ display: 'flex', gap: 1, mb: 2 }}>
        <Button component={Link} to="/webhooks">
          All webhooks
        </Button>
        <Button onClick={() => void load()}>Refresh</Button>
      </Box>
      {deliveries === null ? (
        <CircularProgress aria-label="Loading the deliveries" />
      ) : deliveries.length === 0 ? (
        <Typography>No deliveries yet.</Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Deliveries">
            <TableHead>
              <TableRow>
                <TableCell>Event</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Attempt</TableCell>
                <TableCell>At</TableCell>
                <TableCell>Answer</TableCell>
                <TableCell>Time</TableCell>
                <TableCell>What went wrong · the answer’s start</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {deliveries.flatMap((delivery) => {
                const attempts = delivery.attempts.length > 0 ? delivery.attempts : [null];
                return attempts.map((attempt, i) => (
                  <TableRow key={`${delivery.id}-${attempt?.attempt ?? 0}`}>
                    {i === 0 ? (
                      <>
                        <TableCell rowSpan={attempts.length} title={`Delivery ${delivery.id}`}>
                          {delivery.event}
                        </TableCell>
                        <TableCell rowSpan={attempts.length}>
                          <Chip size="small" variant="outlined" {...STATUS_CHIPS[delivery.status]} />
                        </TableCell>
                      </>
                    ) : null}
                    <TableCell>{attempt?.attempt ?? '–'}</TableCell>
                    <TableCell>{istDateTime(attempt?.at ?? delivery.createdAt)}</TableCell>
                    <TableCell>{attempt?.statusCode ?? '–'}</TableCell>
                    <TableCell>{attempt ? `${attempt.durationMs} ms` : '–'}</TableCell>
                    <TableCell sx={{ maxWidth: 360, overflowWrap: 'anywhere' }}>
                      {[attempt?.error, attempt?.responseExcerpt].filter(Boolean).join(' · ')}
                    </TableCell>
                  </TableRow>
                ));
              })}
            </TableBody>
          </Table>
        </Box>
      )}
    </Box>
  );
}
