'use client';

import { ORDER_MESSAGES, type Order, type RefundDestination, type ReturnReason } from '@vastra/contracts';
import { useEffect, useEffectEvent, useRef, useState, type ChangeEvent } from 'react';
import { useHydrated } from '@/lib/use-hydrated';
import {
  checkFiles,
  chosenItems,
  clampQuantity,
  isReturnableLine,
  returnKind,
  type QuantityChoice,
} from './return-choice';
import { ReturnFormView, type Attachment } from './return-form-view';

/**
 * Sends the return (multipart, `onProgress` from 0 to 1) and, once sent, tells the shopper and
 * goes back to the order; throws an Error with the reason it was refused.
 */
export type SendReturn = (
  kind: 'full' | 'partial',
  form: FormData,
  onProgress: (share: number) => void,
) => Promise<void>;

/**
 * /account/orders/{id}/return in three steps: (1) which items and how many of each, within what
 * may still be returned; (2) the reason, a comment and up to 5 photos or videos with previews,
 * checked here as the API checks them; (3) a review, then the upload with its progress. Every
 * returnable piece chosen is a full return (POST /orders/{id}/return), fewer a partial one
 * (/partial-return). Each step's heading takes focus so a screen reader starts there; errors
 * and the upload's progress are announced. The markup is return-form-view.tsx's; its controls
 * are disabled until the page is hydrated.
 */
export function ReturnForm({ order, send }: { order: Order; send: SendReturn }) {
  const [step, setStep] = useState(0);
  const [choice, setChoice] = useState<QuantityChoice>({});
  const [reason, setReason] = useState<ReturnReason | ''>('');
  const [comment, setComment] = useState('');
  // Cash on delivery goes back to the store credit unless the shopper asks otherwise (behaviour.md "Store credit").
  const [refundTo, setRefundTo] = useState<RefundDestination>(order.paymentGateway === 'cod' ? 'wallet' : 'original');
  const [attachments, setAttachments] = useState<Attachment[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  const fileInput = useRef<HTMLInputElement>(null);
  const hydrated = useHydrated();

  // A new step: its heading takes focus (not on arrival, where the page's own heading leads).
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  // Previews are object URLs: let them go with the page.
  const revokePreviews = useEffectEvent(() => attachments.forEach((a) => URL.revokeObjectURL(a.preview)));
  useEffect(() => () => revokePreviews(), []);

  const returnable = order.items.filter(isReturnableLine);
  const kind = returnKind(order.items, choice);
  const items = chosenItems(order.items, choice);

  const go = (next: number) => {
    setError(null);
    setStep(next);
  };

  const next = () => {
    if (step === 0 && items.length === 0) return setError(ORDER_MESSAGES.returnItemsRequired);
    if (step === 1 && !reason) return setError(ORDER_MESSAGES.returnReasonRequired);
    go(step + 1);
  };

  const addFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(event.target.files ?? []);
    event.target.value = '';
    const { accepted, error: refusal } = checkFiles(
      attachments.map((a) => a.file),
      picked,
    );
    setAttachments((kept) => [...kept, ...accepted.map((file) => ({ file, preview: URL.createObjectURL(file) }))]);
    setError(refusal);
  };

  const removeFile = (index: number) => {
    const gone = attachments[index];
    if (gone) URL.revokeObjectURL(gone.preview);
    setAttachments((kept) => kept.filter((_, i) => i !== index));
    fileInput.current?.focus();
  };

  const submit = async () => {
    if (!kind || !reason) return;
    const form = new FormData();
    form.append('reason', reason);
    if (comment.trim()) form.append('comment', comment.trim());
    form.append('refundTo', refundTo);
    if (kind === 'partial') form.append('items', JSON.stringify(items));
    for (const { file } of attachments) form.append('files', file, file.name);
    setError(null);
    setProgress(0);
    try {
      await send(kind, form, setProgress);
    } catch (failure) {
      setProgress(null);
      setError(failure instanceof Error ? failure.message : ORDER_MESSAGES.requestReturn);
    }
  };

  return (
    <ReturnFormView
      order={order}
      step={step}
      choice={choice}
      reason={reason}
      comment={comment}
      refundTo={refundTo}
      attachments={attachments}
      error={error}
      progress={progress}
      controls={
        hydrated
          ? {
              choose: (line, pieces) => setChoice((c) => ({ ...c, [line.id]: clampQuantity(line, pieces) })),
              chooseAll: () =>
                setChoice(Object.fromEntries(returnable.map((line) => [line.id, line.returnableQuantity]))),
              setReason,
              setComment,
              setRefundTo,
              addFiles,
              removeFile,
              back: () => go(step - 1),
              next,
              submit: () => void submit(),
              headingRef,
              fileInput,
            }
          : undefined
      }
    />
  );
}
