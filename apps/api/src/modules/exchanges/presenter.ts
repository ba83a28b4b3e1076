/**
 * Exchanges as the API shows them (exchangeRequestSchema): the line's size and the replacement
 * side by side, amounts in rupees, photos linked to the shopper's file route.
 */
import { EXCHANGE_STATUS_LABELS, paiseToRupees, type ExchangeRequest } from '@vastra/contracts';
import { asc, inArray } from 'drizzle-orm';
import { exchangeFiles, type ExchangeRequestRow } from './tables';
import type { ExchangesDeps } from './types';

export async function presentExchanges(
  deps: Pick<ExchangesDeps, 'db' | 'orders' | 'options'>,
  rows: ExchangeRequestRow[],
  fileBase = `${deps.options.publicUrl}/orders/exchanges/files`,
): Promise<ExchangeRequest[]> {
  if (rows.length === 0) return [];
  const numbers = await deps.orders.orderNumbers([...new Set(rows.map((r) => r.orderId))]);
  const files = await deps.db
    .select()
    .from(exchangeFiles)
    .where(
      inArray(
        exchangeFiles.exchangeRequestId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(exchangeFiles.position));
  const lines = new Map<string, Awaited<ReturnType<ExchangesDeps['orders']['items']>>>();
  const views: ExchangeRequest[] = [];
  for (const row of rows) {
    if (!lines.has(row.orderId)) lines.set(row.orderId, await deps.orders.items(row.orderId));
    const line = lines.get(row.orderId)!.find((l) => l.id === row.orderItemId);
    views.push({
      id: row.id,
      orderId: row.orderId,
      orderNumber: numbers.get(row.orderId) ?? '',
      orderItemId: row.orderItemId,
      productId: row.productId,
      name: line?.name ?? '',
      quantity: row.quantity,
      status: row.status,
      statusLabel: EXCHANGE_STATUS_LABELS[row.status],
      reason: row.reason,
      comment: row.comment,
      from: {
        variantId: line?.variantId ?? '',
        sku: line?.sku ?? '',
        size: line?.size ?? '',
        color: line?.color ?? '',
        unitPrice: paiseToRupees(row.oldUnitPaise),
      },
      to: {
        variantId: row.newVariantId,
        sku: row.newSku,
        size: row.newSize,
        color: row.newColor,
        unitPrice: paiseToRupees(row.newUnitPaise),
      },
      priceDifference: paiseToRupees(row.differencePaise),
      settlement: row.settlement,
      decisionNote: row.decisionNote,
      courier: row.courier,
      awb: row.awb,
      restocked: row.restocked,
      creditNoteNumber: row.creditNoteNumber,
      invoiceNumber: row.invoiceNumber,
      files: files
        .filter((f) => f.exchangeRequestId === row.id)
        .map((f) => ({ id: f.id, url: `${fileBase}/${f.id}`, contentType: f.contentType, size: f.sizeBytes })),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    });
  }
  return views;
}
