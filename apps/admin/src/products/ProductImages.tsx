/**
 * A product's photos (docs/admin.md "Product images"): upload by dropping files or choosing
 * them (several at once, each with its own progress bar), order with Move up and Move down,
 * choose the primary (the one product cards show) and remove. Mounted on the product page with
 * the product's id; it loads the photos itself and calls `onChange` with them after each change.
 */
import { Alert, Box, Button, Card, CardContent, Chip, LinearProgress, Stack, Typography } from '@mui/material';
import {
  ADMIN_API_PREFIX,
  PRODUCT_IMAGE_MAX_BYTES,
  PRODUCT_IMAGE_MESSAGES,
  PRODUCT_IMAGE_TYPES,
  type ProductImage,
} from '@vastra/contracts';
import { useCallback, useEffect, useRef, useState, type DragEvent } from 'react';
import { useNotify } from 'react-admin';
import { adminApi } from '../client';

export type ProductImagesProps = {
  productId: string;
  /** Called with the photos, in order, after every upload, move, primary or removal. */
  onChange?: (images: ProductImage[]) => void;
};

/** One file on its way: its progress from 0 to 100, or why it was refused. */
type Upload = { key: string; name: string; progress: number; error: string | null };

/** Files sent at the same time; more wait their turn. */
const PARALLEL_UPLOADS = 3;

let uploadCount = 0;

/** Uploads `file` with XMLHttpRequest, which (unlike fetch) reports the bytes sent. */
function sendFile(url: string, file: File, onProgress: (percent: number) => void): Promise<ProductImage[]> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      const body = (xhr.response ?? {}) as { message?: string; data?: ProductImage[] };
      if (xhr.status >= 200 && xhr.status < 300 && body.data) resolve(body.data);
      else reject(new Error(body.message ?? `The admin API answered ${xhr.status}`));
    };
    xhr.onerror = () => reject(new Error('The upload failed: check the connection and try again.'));
    const form = new FormData();
    form.append('files', file, file.name);
    xhr.send(form);
  });
}

/** Why the API would refuse `file`, told before sending it (the API checks the bytes again). */
function refusal(file: File): string | null {
  if (!(PRODUCT_IMAGE_TYPES as readonly string[]).includes(file.type)) return PRODUCT_IMAGE_MESSAGES.type;
  if (file.size > PRODUCT_IMAGE_MAX_BYTES) return PRODUCT_IMAGE_MESSAGES.tooLarge;
  return null;
}

const thumbnailOf = (image: ProductImage) =>
  image.variants.find((v) => v.format === 'webp' && v.width === 400)?.url ?? image.url;

export function ProductImages({ productId, onChange }: ProductImagesProps) {
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const [images, setImages] = useState<ProductImage[] | null>(null);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [busy, setBusy] = useState(false);
  const [dragging, setDragging] = useState(false);
  const base = `/products/${productId}/images`;

  const show = useCallback(
    (next: ProductImage[]) => {
      setImages(next);
      onChange?.(next);
    },
    [onChange],
  );

  useEffect(() => {
    let live = true;
    adminApi.products
      .images(productId)
      .then((loaded) => live && setImages(loaded))
      .catch((err: Error) => notify(err.message, { type: 'error' }));
    return () => {
      live = false;
    };
  }, [productId, notify]);

  const change = async (method: 'PUT' | 'POST' | 'DELETE', path: string, body?: unknown) => {
    setBusy(true);
    try {
      show(await adminApi.products.images(productId, { method, path, body }));
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const move = (index: number, by: -1 | 1) => {
    const ids = images!.map((i) => i.id);
    [ids[index], ids[index + by]] = [ids[index + by]!, ids[index]!];
    void change('PUT', '/order', { ids });
  };

  const upload = async (files: File[]) => {
    const batch = files.map((file) => ({
      file,
      upload: { key: String((uploadCount += 1)), name: file.name, progress: 0, error: refusal(file) },
    }));
    setUploads((current) => [...current, ...batch.map((b) => b.upload)]);
    const update = (key: string, patch: Partial<Upload>) =>
      setUploads((current) => current.map((u) => (u.key === key ? { ...u, ...patch } : u)));
    const queue = batch.filter((b) => !b.upload.error);
    const sending = queue.length;
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const { key } = next.upload;
        try {
          show(await sendFile(`${ADMIN_API_PREFIX}${base}`, next.file, (progress) => update(key, { progress })));
          update(key, { progress: 100 });
        } catch (err) {
          update(key, { error: (err as Error).message });
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL_UPLOADS, sending) }, worker));
    // Answers of parallel uploads may arrive out of order: the list is read once more at the end.
    if (sending === 0) return;
    try {
      show(await adminApi.products.images(productId));
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    }
    const keys = new Set(batch.map((b) => b.upload.key));
    setUploads((current) => current.filter((u) => u.error || !keys.has(u.key)));
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    void upload(Array.from(e.dataTransfer.files));
  };

  return (
    <Card>
      <CardContent>
        <Typography component="h2" variant="h6" gutterBottom>
          Photos
        </Typography>
        <Box
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          sx={{
            border: 2,
            borderStyle: 'dashed',
            borderColor: dragging ? 'primary.main' : 'divider',
            borderRadius: 1,
            p: 2,
            mb: 2,
            textAlign: 'center',
          }}
        >
          <Typography gutterBottom>Drop photos here, or</Typography>
          <Button variant="outlined" onClick={() => input.current?.click()}>
            Choose photos
          </Button>
          {/* Hidden: the button above opens it, so the picker has one accessible name. */}
          <input
            ref={input}
            type="file"
            hidden
            multiple
            accept={PRODUCT_IMAGE_TYPES.join(',')}
            onChange={(e) => {
              void upload(Array.from(e.target.files ?? []));
              e.target.value = '';
            }}
          />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            JPEG, PNG or WebP, up to {PRODUCT_IMAGE_MAX_BYTES / 1024 / 1024} MB each, at least 400 pixels on the shorter
            side.
          </Typography>
        </Box>

        {uploads.length > 0 ? (
          <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, mb: 2 }} aria-label="Uploads">
            {uploads.map((u) => (
              <li key={u.key}>
                {u.error ? (
                  <Alert
                    severity="error"
                    onClose={() => setUploads((current) => current.filter((x) => x.key !== u.key))}
                  >
                    {u.name}: {u.error}
                  </Alert>
                ) : (
                  <>
                    <Typography variant="body2">{u.name}</Typography>
                    <LinearProgress variant="determinate" value={u.progress} aria-label={`Uploading ${u.name}`} />
                  </>
                )}
              </li>
            ))}
          </Stack>
        ) : null}

        {images === null ? (
          <LinearProgress aria-label="Loading photos" />
        ) : images.length === 0 ? (
          <Typography color="text.secondary">No photos yet. A product goes on sale only with a photo.</Typography>
        ) : (
          <Stack component="ol" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Photos in order">
            {images.map((image, i) => {
              const photo = `photo ${i + 1}`;
              return (
                <Stack
                  component="li"
                  key={image.id}
                  direction={{ xs: 'column', sm: 'row' }}
                  spacing={2}
                  sx={{ alignItems: { sm: 'center' } }}
                >
                  <Box
                    component="img"
                    src={thumbnailOf(image)}
                    alt={`Photo ${i + 1} of ${images.length}${image.isPrimary ? ', primary' : ''}`}
                    loading="lazy"
                    sx={{ width: 96, height: 128, objectFit: 'cover', borderRadius: 1, bgcolor: 'grey.100' }}
                  />
                  <Box sx={{ flex: 1 }}>
                    {image.isPrimary ? <Chip label="Primary" color="primary" size="small" /> : null}
                    {image.width ? (
                      <Typography variant="body2" color="text.secondary">
                        {image.width} × {image.height} px
                      </Typography>
                    ) : null}
                  </Box>
                  <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
                    <Button
                      size="small"
                      disabled={busy || i === 0}
                      aria-label={`Move up ${photo}`}
                      onClick={() => move(i, -1)}
                    >
                      Move up
                    </Button>
                    <Button
                      size="small"
                      disabled={busy || i === images.length - 1}
                      aria-label={`Move down ${photo}`}
                      onClick={() => move(i, 1)}
                    >
                      Move down
                    </Button>
                    <Button
                      size="small"
                      disabled={busy || image.isPrimary}
                      aria-label={`Make primary ${photo}`}
                      onClick={() => void change('POST', `/${image.id}/primary`)}
                    >
                      Make primary
                    </Button>
                    <Button
                      size="small"
                      color="error"
                      disabled={busy}
                      aria-label={`Remove ${photo}`}
                      onClick={() => void change('DELETE', `/${image.id}`)}
                    >
                      Remove
                    </Button>
                  </Stack>
                </Stack>
              );
            })}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
