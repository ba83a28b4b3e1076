/**
 * Uploads one picture for the store (POST /admin/api/store-pictures: the logo, a homepage
 * section's or a collection's picture) and shows it: a file button and a preview. The API
 * re-encodes the picture and answers its URL path, which `onUploaded` receives to be saved.
 */
import { Box, Button, Stack, TextField, Typography } from '@mui/material';
import { ADMIN_API_PREFIX, type StorePicture } from '@vastra/contracts';
import { useId, useState } from 'react';
import { InputHelperText, required, useInput } from 'react-admin';
import { ApiError } from '../api';

/** Sends `file` as the form's one `file` part; the stored picture, or ApiError with the API's message. */
export async function uploadStorePicture(file: File): Promise<StorePicture> {
  const form = new FormData();
  form.append('file', file);
  const res = await fetch(`${ADMIN_API_PREFIX}/store-pictures`, {
    method: 'POST',
    credentials: 'same-origin',
    body: form,
  });
  const body = (await res.json().catch(() => ({}))) as { message?: string; data?: StorePicture };
  if (!res.ok) throw new ApiError(body.message ?? `The admin API answered ${res.status}`, res.status, body);
  return body.data!;
}

export function PictureUpload({
  label,
  url,
  onUploaded,
  preview = true,
}: {
  label: string;
  /** The picture's URL path now, or null. */
  url: string | null;
  onUploaded: (url: string) => void;
  /** Whether to show the picture (false where the form shows it already). */
  preview?: boolean;
}) {
  const inputId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      onUploaded((await uploadStorePicture(file)).url);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, my: 1 }}>
      {!preview ? null : url ? (
        <Box
          component="img"
          src={url}
          alt={`${label} preview`}
          sx={{ height: 48, maxWidth: 200, objectFit: 'contain', border: 1, borderColor: 'divider', borderRadius: 1 }}
        />
      ) : (
        <Typography variant="body2" color="text.secondary">
          No {label.toLowerCase()}
        </Typography>
      )}
      <Button component="label" htmlFor={inputId} variant="outlined" disabled={busy}>
        {busy ? 'Uploading…' : `Upload ${label.toLowerCase()}`}
        <input
          id={inputId}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          hidden
          aria-label={`Upload ${label.toLowerCase()}`}
          onChange={(event) => void choose(event.target.files?.[0])}
        />
      </Button>
      {error ? (
        <Typography role="alert" color="error" variant="body2">
          {error}
        </Typography>
      ) : null}
    </Box>
  );
}

/**
 * A required picture field of a react-admin form (a homepage slide's or tile's): its path,
 * typed (a `/media/…` path or an `https://` address) or set by an upload, with a preview.
 */
export function PictureInput({ source, label, helperText }: { source: string; label: string; helperText: string }) {
  const { field, fieldState, id } = useInput({ source, validate: required() });
  const value = typeof field.value === 'string' ? field.value : '';
  return (
    <Stack sx={{ width: '100%' }}>
      <TextField
        id={id}
        label={label}
        value={value}
        onChange={(event) => field.onChange(event.target.value)}
        onBlur={field.onBlur}
        error={fieldState.invalid}
        // react-admin's own helper decodes its validation messages (`required()` sends an encoded key).
        helperText={<InputHelperText error={fieldState.error?.message} helperText={helperText} />}
        required
        fullWidth
      />
      <PictureUpload label={label} url={value || null} onUploaded={field.onChange} />
    </Stack>
  );
}
