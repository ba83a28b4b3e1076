'use client';

import { useTranslations } from 'next-intl';
import { CM_PER_INCH, type SizeChart } from '@vastra/contracts';
import { useLocale } from 'next-intl';
import { useEffect, useId, useState } from 'react';
import { CloseIcon } from '@/components/ui/icons';
import { useModalDialog } from '@/components/ui/use-modal-dialog';
import { usePublicConfig } from '@/lib/public-config';

type Unit = 'cm' | 'in';

/** A length in the unit shown: centimetres as stored, or inches to one decimal. */
export function formatLength(cm: number, unit: Unit): string {
  const value = unit === 'cm' ? cm : cm / CM_PER_INCH;
  return String(Math.round(value * 10) / 10);
}

/**
 * GET /products/{id}/size-chart (public, lengths in cm) in the page's language (its labels), read
 * once per product; null until answered or when there is none.
 */
function useSizeChart(productId: string): SizeChart | null {
  const { apiUrl } = usePublicConfig();
  const lang = useLocale() === 'hi' ? 'hi' : 'en';
  const [chart, setChart] = useState<{ productId: string; chart: SizeChart } | null>(null);
  useEffect(() => {
    let live = true;
    fetch(`${apiUrl}/products/${encodeURIComponent(productId)}/size-chart?lang=${lang}`, {
      headers: { accept: 'application/json' },
    })
      // The body is read whatever the status: an unread 404 leaves the request open.
      .then((res) => res.json() as Promise<{ success?: boolean; data?: SizeChart }>)
      .then((body) => {
        if (live && body?.success && body.data) setChart({ productId, chart: body.data });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [apiUrl, productId, lang]);
  return chart?.productId === productId ? chart.chart : null;
}

/**
 * "Size chart" beside the size picker (docs/shopper-features.md "Size charts and fit"), loaded
 * after the page (size-chart.tsx): shown only when the product has a chart. It opens a modal dialog (focus inside, Escape or Close
 * shuts it and focus returns to the button) with the chart in centimetres, a cm/in switch and
 * the guide the figures come from.
 */
export function SizeChartLoaded({ productId, selectedSize }: { productId: string; selectedSize: string | null }) {
  const chart = useSizeChart(productId);
  const t = useTranslations('product.sizeChart');
  const [open, setOpen] = useState(false);
  if (!chart) return null;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        className="mb-3 block text-sm font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
      >
        {t('button')}
      </button>
      <SizeChartDialog chart={chart} open={open} selectedSize={selectedSize} onClose={() => setOpen(false)} />
    </>
  );
}

function SizeChartDialog({
  chart,
  open,
  selectedSize,
  onClose,
}: {
  chart: SizeChart;
  open: boolean;
  selectedSize: string | null;
  onClose: () => void;
}) {
  const [unit, setUnit] = useState<Unit>('cm');
  const { dialogProps, titleId, close } = useModalDialog(open, { onClosed: onClose });
  const ids = useId();
  const t = useTranslations('product.sizeChart');
  const hasLengths = chart.columns.some((c) => c.unit === 'cm');
  const heading = chart.brand
    ? t('brandHeading', { brand: chart.brand, category: chart.category.name })
    : t('heading', { category: chart.category.name });

  return (
    <dialog
      {...dialogProps}
      className="m-auto max-h-[calc(100%-2rem)] w-[calc(100%-2rem)] max-w-xl rounded-xl p-0 shadow-2xl backdrop:bg-stone-900/50"
    >
      <div className="p-5">
        <div className="flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-lg font-semibold text-stone-900">
            {heading}
          </h2>
          <button
            type="button"
            onClick={close}
            aria-label={t('close')}
            className="-m-2 rounded-md p-2 text-stone-700 hover:bg-stone-100"
          >
            <CloseIcon width={20} height={20} />
          </button>
        </div>
        {hasLengths && (
          <fieldset className="mt-3">
            <legend className="sr-only">{t('units')}</legend>
            <div className="inline-flex rounded-full border border-stone-300 p-0.5">
              {(['cm', 'in'] as const).map((u) => (
                <label key={u} className="cursor-pointer">
                  <input
                    type="radio"
                    name={`${ids}-unit`}
                    value={u}
                    checked={unit === u}
                    onChange={() => setUnit(u)}
                    className="peer sr-only"
                  />
                  <span className="block rounded-full px-4 py-1.5 text-sm font-semibold text-stone-800 peer-checked:bg-brand-700 peer-checked:text-white peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700">
                    {t(u)}
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        )}
        <div className="mt-4 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">
              {t(hasLengths ? (unit === 'cm' ? 'captionCm' : 'captionIn') : 'caption')}
            </caption>
            <thead>
              <tr className="border-b border-stone-300">
                <th scope="col" className="py-2 pr-4 font-semibold text-stone-900">
                  {t('size')}
                </th>
                {chart.columns.map((column) => (
                  <th key={column.key} scope="col" className="py-2 pr-4 font-semibold text-stone-900">
                    {column.label}
                    {column.unit && <span className="font-normal text-stone-600"> ({unit})</span>}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {chart.rows.map((row) => (
                <tr
                  key={row.size}
                  aria-current={row.size === selectedSize ? 'true' : undefined}
                  className={`border-b border-stone-200 ${row.size === selectedSize ? 'bg-brand-50' : ''}`}
                >
                  <th scope="row" className="py-2 pr-4 font-semibold text-stone-900">
                    {row.size}
                  </th>
                  {chart.columns.map((column) => {
                    const value = row.values[column.key];
                    return (
                      <td key={column.key} className="py-2 pr-4 text-stone-800 tabular-nums">
                        {column.unit && typeof value === 'number' ? formatLength(value, unit) : value}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="mt-4 text-xs text-stone-600">
          {t('source')}{' '}
          {chart.sourceUrl ? (
            <a
              href={chart.sourceUrl}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className="text-brand-700 underline underline-offset-2"
            >
              {chart.sourceName}
            </a>
          ) : (
            chart.sourceName
          )}
        </p>
      </div>
    </dialog>
  );
}
