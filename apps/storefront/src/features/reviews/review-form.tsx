'use client';

import {
  REVIEW_BODY_MAX,
  REVIEW_FITS,
  REVIEW_MESSAGES,
  REVIEW_PHOTO_MAX_BYTES,
  REVIEW_PHOTO_TYPES,
  REVIEW_PHOTOS_MAX,
  REVIEW_TITLE_MAX,
  type ReviewFit,
} from '@vastra/contracts';
import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { FormMessage, SubmitButton, TextField, inputClass } from '@/components/ui/form';
import { CloseIcon, StarIcon } from '@/components/ui/icons';
import { postReview } from '@/lib/api/browser/reviews';
import { usePublicConfig } from '@/lib/public-config';
import { useShopper } from '@/lib/shopper-context';

type Photo = { file: File; preview: string };

/**
 * The review form for a logged-in shopper (behaviour.md §5): a rating of 1–5 as radio buttons drawn as
 * stars, "How was the fit?" (optional radio buttons), a title, the review and up to five photos (JPEG, PNG or WebP, 5 MB each) previewed
 * before sending. Title and review are sent exactly as typed. Checks what it can before the request; otherwise shows the server's message
 * (409 already reviewed, validation) or 'Failed to post review'. On success: a toast, the form
 * empties and `onPosted` reloads the stats and the list.
 */
export function ReviewForm({ productId, onPosted }: { productId: string; onPosted: () => void }) {
  const ids = useId();
  const t = useTranslations('reviews.form');
  const tFit = useTranslations('reviews.fit');
  const { apiUrl } = usePublicConfig();
  const { user } = useShopper();
  const [rating, setRating] = useState(0);
  const [fit, setFit] = useState<ReviewFit | undefined>(undefined);
  const [hover, setHover] = useState(0);
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  // Previews are object URLs: free each one when it leaves the form.
  const photosRef = useRef(photos);
  useEffect(() => {
    photosRef.current = photos;
  }, [photos]);
  useEffect(() => () => photosRef.current.forEach((photo) => URL.revokeObjectURL(photo.preview)), []);

  const addPhotos = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (files.length === 0) return;
    if (files.some((file) => !(REVIEW_PHOTO_TYPES as readonly string[]).includes(file.type))) {
      setError(REVIEW_MESSAGES.photoType);
      return;
    }
    if (files.some((file) => file.size > REVIEW_PHOTO_MAX_BYTES)) {
      setError(REVIEW_MESSAGES.photoTooLarge);
      return;
    }
    if (photos.length + files.length > REVIEW_PHOTOS_MAX) {
      setError(REVIEW_MESSAGES.tooManyPhotos);
      return;
    }
    setError(null);
    setPhotos([...photos, ...files.map((file) => ({ file, preview: URL.createObjectURL(file) }))]);
  };

  const removePhoto = (index: number) => {
    const photo = photos[index];
    if (photo) URL.revokeObjectURL(photo.preview);
    setPhotos(photos.filter((_, i) => i !== index));
    fileInput.current?.focus();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem =
      rating < 1
        ? REVIEW_MESSAGES.rating
        : !title.trim()
          ? REVIEW_MESSAGES.title
          : !body.trim()
            ? REVIEW_MESSAGES.body
            : null;
    if (problem) {
      setError(problem);
      return;
    }
    // review-form-slot.tsx shows the form only to a logged-in shopper; behaviour.md §5 holds for the call itself too.
    if (!user) {
      setError(REVIEW_MESSAGES.loginRequired);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const { message } = await postReview(
        apiUrl,
        { productId, rating, title, body, fit },
        photos.map((photo) => photo.file),
      );
      toast.success(message);
      photos.forEach((photo) => URL.revokeObjectURL(photo.preview));
      setRating(0);
      setFit(undefined);
      setTitle('');
      setBody('');
      setPhotos([]);
      onPosted();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  const shown = hover || rating;
  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-labelledby={`${ids}-heading`}>
      <h3 id={`${ids}-heading`} className="text-lg font-semibold text-stone-900">
        {t('heading')}
      </h3>
      <FormMessage message={error} />
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-stone-800">{t('yourRating')}</legend>
        <div className="flex items-center gap-3">
          <div className="flex" onMouseLeave={() => setHover(0)}>
            {[1, 2, 3, 4, 5].map((value) => (
              <label key={value} className="cursor-pointer p-0.5" onMouseEnter={() => setHover(value)}>
                <input
                  type="radio"
                  name={`${ids}-rating`}
                  value={value}
                  checked={rating === value}
                  onChange={() => setRating(value)}
                  className="peer sr-only"
                />
                <StarIcon
                  width={30}
                  height={30}
                  className={`rounded peer-focus-visible:outline-2 peer-focus-visible:outline-offset-1 peer-focus-visible:outline-brand-700 ${
                    value <= shown ? 'text-amber-500' : 'text-stone-300'
                  }`}
                />
                <span className="sr-only">{t('stars', { count: value })}</span>
              </label>
            ))}
          </div>
          <span className="text-sm text-stone-700" aria-hidden="true">
            {shown > 0 ? t(`ratingWords.${shown as 1 | 2 | 3 | 4 | 5}`) : ''}
          </span>
        </div>
      </fieldset>
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-stone-800">
          {t('fit')} <span className="font-normal text-stone-600">{t('optional')}</span>
        </legend>
        <div className="flex flex-wrap gap-2">
          {REVIEW_FITS.map((answer) => (
            <label key={answer} className="cursor-pointer">
              <input
                type="radio"
                name={`${ids}-fit`}
                value={answer}
                checked={fit === answer}
                onChange={() => setFit(answer)}
                className="peer sr-only"
              />
              <span className="block rounded-full border border-stone-300 px-4 py-2 text-sm text-stone-800 peer-checked:border-brand-700 peer-checked:bg-brand-700 peer-checked:text-white peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700">
                {tFit(answer)}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <TextField
        label={t('title')}
        name="title"
        maxLength={REVIEW_TITLE_MAX}
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        placeholder={t('titlePlaceholder')}
      />
      <div>
        <label htmlFor={`${ids}-body`} className="mb-1.5 block text-sm font-medium text-stone-800">
          {t('body')}
        </label>
        <textarea
          id={`${ids}-body`}
          name="body"
          rows={5}
          maxLength={REVIEW_BODY_MAX}
          value={body}
          onChange={(event) => setBody(event.target.value)}
          aria-describedby={`${ids}-body-hint`}
          placeholder={t('bodyPlaceholder')}
          className={inputClass}
        />
        <p id={`${ids}-body-hint`} className="mt-1 text-right text-xs text-stone-600">
          {body.length}/{REVIEW_BODY_MAX}
        </p>
      </div>
      <div>
        <label htmlFor={`${ids}-photos`} className="mb-1.5 block text-sm font-medium text-stone-800">
          {t('photos')} <span className="font-normal text-stone-600">{t('optional')}</span>
        </label>
        <input
          ref={fileInput}
          id={`${ids}-photos`}
          type="file"
          accept={REVIEW_PHOTO_TYPES.join(',')}
          multiple
          disabled={photos.length >= REVIEW_PHOTOS_MAX}
          onChange={addPhotos}
          aria-describedby={`${ids}-photos-hint`}
          className="block w-full text-sm text-stone-700 file:mr-3 file:rounded-md file:border file:border-stone-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-semibold file:text-stone-800 hover:file:border-stone-900 disabled:opacity-60"
        />
        <p id={`${ids}-photos-hint`} className="mt-1 text-xs text-stone-600">
          {t('photosHint', { max: REVIEW_PHOTOS_MAX })}
        </p>
        {photos.length > 0 && (
          <ul className="mt-3 flex flex-wrap gap-2" aria-label={t('photosToPost')}>
            {photos.map((photo, i) => (
              <li key={photo.preview} className="relative size-20 overflow-hidden rounded-md bg-stone-100">
                {/* eslint-disable-next-line @next/next/no-img-element -- a local blob: preview, nothing to optimise */}
                <img
                  src={photo.preview}
                  alt={t('photoAlt', { index: i + 1, name: photo.file.name })}
                  className="size-full object-cover"
                />
                <button
                  type="button"
                  onClick={() => removePhoto(i)}
                  aria-label={t('removePhoto', { index: i + 1 })}
                  className="absolute top-1 right-1 grid size-6 place-items-center rounded-full bg-white/90 text-stone-800 shadow hover:text-red-700"
                >
                  <CloseIcon width={14} height={14} />
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="sm:w-56">
        <SubmitButton busy={busy} busyLabel={t('posting')}>
          {t('post')}
        </SubmitButton>
      </div>
    </form>
  );
}
