/**
 * Review moderation (docs/admin.md "Reviews"): the queue, newest first, with the photos; hide
 * a review with a reason (shoppers no longer see or count it) or restore it. Owner and staff.
 */
import {
  Box,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { ModeratedReview } from '@vastra/contracts';
import { useState } from 'react';
import { Link, List, SelectInput, useDataProvider, useListContext, useNotify, useRefresh } from 'react-admin';
import { istDateTime } from '../api';
import type { VastraDataProvider } from '../dataProvider';

function HideDialog({ review, onClose }: { review: ModeratedReview; onClose: () => void }) {
  const dataProvider = useDataProvider<VastraDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [reason, setReason] = useState('');
  const hide = async () => {
    try {
      await dataProvider.moderateReview(review.id, reason);
      notify('Review hidden', { type: 'info' });
      refresh();
      onClose();
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="hide-title" maxWidth="sm" fullWidth>
      <DialogTitle id="hide-title">Hide the review “{review.title}”</DialogTitle>
      <DialogContent>
        <TextField
          label="Why (kept for the store)"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          fullWidth
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={hide} disabled={!reason.trim()}>
          Hide
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function ReviewCard({ review }: { review: ModeratedReview }) {
  const dataProvider = useDataProvider<VastraDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [hiding, setHiding] = useState(false);
  const restore = async () => {
    try {
      await dataProvider.moderateReview(review.id, null);
      notify('Review shown again', { type: 'info' });
      refresh();
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    }
  };
  return (
    <Card sx={{ mb: 2 }} data-testid={`review-${review.id}`}>
      <CardContent>
        <Typography component="h2" variant="h6">
          <span role="img" aria-label={`${review.rating} of 5 stars`}>
            {'★'.repeat(review.rating)}
            {'☆'.repeat(5 - review.rating)}
          </span>{' '}
          {review.title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          <Link to={`/products/${review.productId}/show`}>{review.productName}</Link> · {review.author}
          {review.isVerifiedPurchase ? ' · verified purchase' : ''} · {istDateTime(review.createdAt)}
        </Typography>
        <Typography sx={{ my: 1, whiteSpace: 'pre-wrap' }}>{review.body}</Typography>
        {review.photos.length > 0 ? (
          <Stack direction="row" spacing={1} sx={{ mb: 1, flexWrap: 'wrap' }}>
            {review.photos.map((p, i) => (
              <a key={p.url} href={p.url} target="_blank" rel="noreferrer">
                <Box
                  component="img"
                  src={p.url}
                  alt={`Photo ${i + 1} of the review “${review.title}”`}
                  sx={{ width: 96, height: 96, objectFit: 'cover', borderRadius: 1 }}
                />
              </a>
            ))}
          </Stack>
        ) : null}
        {review.hiddenAt ? (
          <>
            <Typography color="error">
              Hidden by {review.hiddenBy} on {istDateTime(review.hiddenAt)}: {review.hiddenReason}
            </Typography>
            <Button onClick={restore}>Show again</Button>
          </>
        ) : (
          <Button color="error" onClick={() => setHiding(true)}>
            Hide
          </Button>
        )}
        {hiding ? <HideDialog review={review} onClose={() => setHiding(false)} /> : null}
      </CardContent>
    </Card>
  );
}

function ReviewCards() {
  const { data } = useListContext<ModeratedReview>();
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      {(data ?? []).map((review) => (
        <ReviewCard key={review.id} review={review} />
      ))}
    </Box>
  );
}

export function ReviewList() {
  return (
    <List
      filters={[
        <SelectInput
          key="hidden"
          source="hidden"
          choices={[
            { id: 'false', name: 'Shown' },
            { id: 'true', name: 'Hidden' },
          ]}
        />,
      ]}
      exporter={false}
    >
      <ReviewCards />
    </List>
  );
}
