import {
  MAX_REASON_LENGTH,
  MAX_RETURN_FILES,
  ORDER_MESSAGES,
  RETURN_FILE_TYPES,
  RETURN_REASONS,
  type Order,
  type OrderLine,
  type RefundDestination,
  type ReturnReason,
} from '@vastra/contracts';
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import type { ChangeEvent, RefObject } from 'react';
import { FormMessage, inputClass } from '@/components/ui/form';
import { MediaImage } from '@/components/ui/media-image';
import {
  chosenItems,
  clampQuantity,
  formatBytes,
  isReturnableLine,
  returnKind,
  type QuantityChoice,
} from './return-choice';

/** The message keys (orders.returnForm) of the three steps. */
const STEPS = ['stepItems', 'stepReason', 'stepReview'] as const;

/** A picked photo or video with the object URL of its preview. */
export type Attachment = { file: File; preview: string };

const primary =
  'rounded-md bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-800 disabled:cursor-wait disabled:bg-brand-600';
const secondary =
  'rounded-md border border-stone-300 bg-white px-5 py-2.5 text-sm font-semibold text-stone-800 hover:border-stone-900';

/** Why nothing in the order can be returned now (a return under way, or nothing left to return). */
export function ReturnUnavailable({ order }: { order: Order }) {
  const t = useTranslations('orders.returnForm');
  return (
    <div className="rounded-xl border border-stone-200 p-5 text-sm">
      <p className="text-stone-800">
        {order.returnRequest && order.returnRequest.status !== 'refunded' && order.returnRequest.status !== 'rejected'
          ? ORDER_MESSAGES.returnInProgress
          : t('nothingReturnable')}
      </p>
      <Link
        href={`/account/orders/${order.id}`}
        className="mt-3 inline-block font-medium text-brand-700 hover:underline"
      >
        {t('backToOrder')}
      </Link>
    </div>
  );
}

/** Where the return form stands: the step, the pieces chosen, the reason, comment and files, the error and the upload's progress (0 to 1). */
export type ReturnFormState = {
  order: Order;
  step: number;
  choice: QuantityChoice;
  reason: ReturnReason | '';
  comment: string;
  /** Where the refund goes (behaviour.md "Store credit"). */
  refundTo: RefundDestination;
  attachments: readonly Attachment[];
  error: string | null;
  progress: number | null;
};

/** What the shopper does on the return form (absent until the page is hydrated: every control disabled). */
export type ReturnFormControls = {
  choose: (line: OrderLine, pieces: number) => void;
  chooseAll: () => void;
  setReason: (reason: ReturnReason) => void;
  setComment: (comment: string) => void;
  setRefundTo: (refundTo: RefundDestination) => void;
  addFiles: (event: ChangeEvent<HTMLInputElement>) => void;
  removeFile: (index: number) => void;
  back: () => void;
  next: () => void;
  submit: () => void;
  headingRef: RefObject<HTMLHeadingElement | null>;
  fileInput: RefObject<HTMLInputElement | null>;
};

/**
 * The return form's markup (return-form.tsx holds its state): the order, the three steps, the
 * step's fields, the error and the buttons. Without `controls` (the server's HTML, until the
 * page is hydrated) every control is disabled.
 */
export function ReturnFormView({
  order,
  step,
  choice,
  reason,
  comment,
  refundTo,
  attachments,
  error,
  progress,
  controls,
}: ReturnFormState & { controls?: ReturnFormControls }) {
  const t = useTranslations('orders');
  const returnable = order.items.filter(isReturnableLine);
  const kind = returnKind(order.items, choice);
  const items = chosenItems(order.items, choice);
  const lineOf = (id: string) => order.items.find((line) => line.id === id)!;
  const uploading = progress !== null;
  return (
    <fieldset disabled={!controls} className="min-w-0">
      <p className="text-sm text-stone-700">
        {t('returnForm.order')} <span className="font-mono font-semibold text-stone-900">{order.orderNumber}</span>
      </p>
      <ol aria-label={t('returnForm.steps')} className="mt-3 flex gap-2 text-xs sm:text-sm">
        {STEPS.map((label, i) => (
          <li
            key={label}
            aria-current={i === step ? 'step' : undefined}
            className={`flex-1 border-t-4 pt-1.5 ${i <= step ? 'border-brand-700 text-stone-900' : 'border-stone-200 text-stone-600'} aria-[current=step]:font-semibold`}
          >
            <span className="sr-only">{t('returnForm.stepOf', { step: i + 1 })}</span>
            {t(`returnForm.${label}`)}
          </li>
        ))}
      </ol>

      <h2
        ref={controls?.headingRef}
        tabIndex={-1}
        className="mt-6 text-lg font-semibold text-stone-900 focus:outline-none"
      >
        {step === 0
          ? t('returnForm.headingItems')
          : step === 1
            ? t('returnForm.headingReason')
            : t('returnForm.headingReview')}
      </h2>

      {step === 0 && (
        <ul className="mt-3 divide-y divide-stone-200">
          {order.items.map((line) => {
            const id = `qty-${line.id}`;
            return (
              <li key={line.id} className="flex items-center gap-3 py-3" data-testid="return-line">
                <div className="relative aspect-[3/4] w-12 shrink-0 overflow-hidden rounded bg-stone-100">
                  <MediaImage url={line.image} alt="" sizes="48px" />
                </div>
                <div className="min-w-0 flex-1 text-sm">
                  <p className="line-clamp-2 text-stone-900">{line.name}</p>
                  <p className="text-stone-600">
                    {t('returnForm.bought', { size: line.size, quantity: line.quantity })}
                  </p>
                  {!isReturnableLine(line) && (
                    <p className="text-stone-600">
                      {line.returnable ? t('returnForm.alreadyReturned') : t('returnForm.notReturnable')}
                    </p>
                  )}
                </div>
                {isReturnableLine(line) && (
                  <div className="shrink-0">
                    <label htmlFor={id} className="sr-only">
                      {t('returnForm.piecesLabel', { name: line.name, size: line.size })}
                    </label>
                    <select
                      id={id}
                      value={clampQuantity(line, choice[line.id] ?? 0)}
                      onChange={controls && ((event) => controls.choose(line, Number(event.target.value)))}
                      className={`${inputClass} w-20`}
                    >
                      {Array.from({ length: line.returnableQuantity + 1 }, (_, n) => (
                        <option key={n} value={n}>
                          {n}
                        </option>
                      ))}
                    </select>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {step === 0 && returnable.length > 0 && (
        <button
          type="button"
          className="mt-2 text-sm font-medium text-brand-700 hover:underline"
          onClick={controls?.chooseAll}
        >
          {t('returnForm.chooseAll')}
        </button>
      )}

      {step === 1 && (
        <div className="mt-3 space-y-4">
          <div>
            <label htmlFor="return-reason" className="mb-1.5 block text-sm font-medium text-stone-800">
              {t('returnForm.reasonLabel')}
            </label>
            <select
              id="return-reason"
              value={reason}
              required
              onChange={controls && ((event) => controls.setReason(event.target.value as ReturnReason))}
              className={inputClass}
            >
              <option value="">{t('returnForm.chooseReason')}</option>
              {RETURN_REASONS.map((code) => (
                <option key={code} value={code}>
                  {t(`reason.${code}`)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="return-comment" className="mb-1.5 block text-sm font-medium text-stone-800">
              {t('returnForm.comment')}
            </label>
            <textarea
              id="return-comment"
              rows={3}
              maxLength={MAX_REASON_LENGTH}
              value={comment}
              onChange={controls && ((event) => controls.setComment(event.target.value))}
              className={inputClass}
            />
          </div>
          <fieldset>
            <legend className="mb-1.5 block text-sm font-medium text-stone-800">{t('returnForm.refundTo')}</legend>
            {(['wallet', 'original'] as const).map((destination) => (
              <label key={destination} className="mt-1 flex items-center gap-2 text-sm text-stone-800">
                <input
                  type="radio"
                  name="refundTo"
                  value={destination}
                  checked={refundTo === destination}
                  disabled={!controls}
                  onChange={() => controls?.setRefundTo(destination)}
                  className="size-4 accent-brand-700"
                />
                {destination === 'wallet'
                  ? t('returnForm.refundToWallet')
                  : order.paymentGateway === 'cod'
                    ? t('returnForm.refundToBank')
                    : t('returnForm.refundToOriginal')}
              </label>
            ))}
          </fieldset>
          <div>
            <label htmlFor="return-files" className="mb-1.5 block text-sm font-medium text-stone-800">
              {t('returnForm.files', { max: MAX_RETURN_FILES })}
            </label>
            <input
              ref={controls?.fileInput}
              id="return-files"
              type="file"
              multiple
              accept={RETURN_FILE_TYPES.join(',')}
              aria-describedby="return-files-hint"
              onChange={controls?.addFiles}
              disabled={attachments.length >= MAX_RETURN_FILES}
              className="block w-full text-sm text-stone-700 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:font-semibold file:text-brand-700"
            />
            <p id="return-files-hint" className="mt-1 text-xs text-stone-600">
              {t('returnForm.filesHint')}
            </p>
            {attachments.length > 0 && (
              <ul aria-label={t('returnForm.chosenFiles')} className="mt-3 grid grid-cols-3 gap-3 sm:grid-cols-5">
                {attachments.map((a, i) => (
                  <li key={a.preview} className="text-xs" data-testid="return-file">
                    <div className="relative aspect-square overflow-hidden rounded-md bg-stone-100">
                      {a.file.type.startsWith('video/') ? (
                        <video src={a.preview} muted className="size-full object-cover" aria-label={a.file.name} />
                      ) : (
                        // eslint-disable-next-line @next/next/no-img-element -- a local blob: preview, nothing to optimise
                        <img
                          src={a.preview}
                          alt={t('returnForm.preview', { name: a.file.name })}
                          className="size-full object-cover"
                        />
                      )}
                    </div>
                    <p className="mt-1 truncate text-stone-700">{formatBytes(a.file.size)}</p>
                    <button
                      type="button"
                      onClick={controls && (() => controls.removeFile(i))}
                      className="font-medium text-red-800 hover:underline"
                    >
                      {t('returnForm.remove')}
                      <span className="sr-only"> {a.file.name}</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      )}

      {step === 2 && kind && reason && (
        <div className="mt-3 space-y-3 text-sm">
          <p className="font-medium text-stone-900" data-testid="return-kind">
            {kind === 'full' ? t('returnForm.returningAll') : t('returnForm.returningSome')}
          </p>
          <ul className="list-disc pl-5 text-stone-800">
            {items.map((item) => {
              const line = lineOf(item.orderItemId);
              return (
                <li key={item.orderItemId}>
                  {t('returnForm.item', { name: line.name, size: line.size, quantity: item.quantity })}
                </li>
              );
            })}
          </ul>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-stone-700">
            <dt>{t('returnForm.reason')}</dt>
            <dd className="text-stone-900">{t(`reason.${reason}`)}</dd>
            {comment.trim() && (
              <>
                <dt>{t('returnForm.commentTerm')}</dt>
                <dd className="text-stone-900">{comment.trim()}</dd>
              </>
            )}
            <dt>{t('returnForm.photos')}</dt>
            <dd className="text-stone-900">{attachments.length}</dd>
          </dl>
          <p className="text-stone-700">{t('returnForm.refundNote')}</p>
          {uploading && (
            <div>
              <label htmlFor="return-progress" className="block text-stone-800">
                {t('returnForm.sendingReturn')}
              </label>
              <progress
                id="return-progress"
                max={100}
                value={Math.round((progress ?? 0) * 100)}
                className="mt-1 h-2 w-full accent-brand-700"
              />
              <p aria-live="polite" className="text-xs text-stone-600">
                {t('returnForm.percentSent', { percent: Math.round((progress ?? 0) * 100) })}
              </p>
            </div>
          )}
        </div>
      )}

      <div className="mt-4">
        <FormMessage message={error} />
      </div>

      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        {step === 0 ? (
          <Link href={`/account/orders/${order.id}`} className={`${secondary} text-center`}>
            {t('returnForm.backToOrder')}
          </Link>
        ) : (
          <button type="button" className={secondary} disabled={uploading} onClick={controls?.back}>
            {t('returnForm.back')}
          </button>
        )}
        {step < 2 ? (
          <button type="button" className={primary} onClick={controls?.next}>
            {t('returnForm.continue')}
          </button>
        ) : (
          <button type="button" className={primary} disabled={uploading} onClick={controls?.submit}>
            {uploading ? t('returnForm.sending') : t('returnForm.request')}
          </button>
        )}
      </div>
    </fieldset>
  );
}
