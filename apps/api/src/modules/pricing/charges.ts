/**
 * The delivery charge and the COD fee of a quote (behaviour.md §4 Delivery charge and COD fee), in
 * paise. Both are amounts the owner sets (ChargeSettings); both are part of the value of the
 * supply of the goods (CGST Act s. 15(2)(c), incidental expenses charged by the supplier; a
 * composite supply, s. 8(a)), so they take the GST rate of the principal supply: the highest
 * rate among the order's lines, shown under that line's HSN code. They are kept like catalogue
 * prices: GST inside them when prices include GST, on top otherwise.
 */
import { CHARGE_LABELS, type Charge, type ChargeKind, type PaymentMethod } from '@vastra/contracts';
import { paiseToRupees } from '../../lib/money';
import { taxAtRate, type TaxedLine } from '../taxes';

/**
 * What the store charges besides the lines, in paise: the delivery charge (0 = free), the
 * value of lines (after the discount, before the gift card) from which delivery is free (null
 * = no threshold), and the COD fee (0 = none). Read through a getter on each quote, so the
 * owner's change applies to the next one.
 */
export type ChargeSettings = {
  deliveryChargePaise: number;
  freeDeliveryFromPaise: number | null;
  codFeePaise: number;
};

/** No delivery charge, no COD fee. */
export const NO_CHARGES: ChargeSettings = { deliveryChargePaise: 0, freeDeliveryFromPaise: null, codFeePaise: 0 };

/** A charge as quoted and stored with the order: its GST like a line's, the principal line's HSN code. */
export type QuotedCharge = Omit<TaxedLine, 'taxRule'> & { kind: ChargeKind; hsnCode: string };

export type QuotedCharges = {
  /** Only the charges above 0: delivery first, then the COD fee. */
  charges: QuotedCharge[];
  deliveryChargePaise: number;
  codFeePaise: number;
  /** How much more of lines makes delivery free; 0 when free already or without a threshold. */
  freeDeliveryShortfallPaise: number;
};

/**
 * The charges of a quote whose lines are taxed as `lines` and worth `linesTotalPaise` (after the
 * discount, GST included whichever way prices are kept). No lines, nothing to deliver: no charge.
 */
export function quoteCharges(
  settings: ChargeSettings,
  input: {
    lines: readonly (Pick<TaxedLine, 'rateBasisPoints' | 'taxablePaise'> & { hsnCode: string })[];
    linesTotalPaise: number;
    paymentMethod: PaymentMethod | null | undefined;
    intraState: boolean;
    pricesIncludeGst: boolean;
  },
): QuotedCharges {
  const principal = [...input.lines].sort(
    (a, b) => b.rateBasisPoints - a.rateBasisPoints || b.taxablePaise - a.taxablePaise,
  )[0];
  if (!principal) return { charges: [], deliveryChargePaise: 0, codFeePaise: 0, freeDeliveryShortfallPaise: 0 };
  const threshold = settings.freeDeliveryFromPaise;
  const free = threshold !== null && input.linesTotalPaise >= threshold;
  const amounts: [ChargeKind, number][] = [
    ['delivery', free ? 0 : settings.deliveryChargePaise],
    ['cod_fee', input.paymentMethod === 'cod' ? settings.codFeePaise : 0],
  ];
  const charges = amounts
    .filter(([, paise]) => paise > 0)
    .map(([kind, paise]) => ({
      kind,
      hsnCode: principal.hsnCode,
      ...taxAtRate(paise, principal.rateBasisPoints, input.intraState, input.pricesIncludeGst),
    }));
  const totalOf = (kind: ChargeKind) => charges.find((c) => c.kind === kind)?.totalPaise ?? 0;
  return {
    charges,
    deliveryChargePaise: totalOf('delivery'),
    codFeePaise: totalOf('cod_fee'),
    freeDeliveryShortfallPaise:
      threshold !== null && !free && settings.deliveryChargePaise > 0 ? threshold - input.linesTotalPaise : 0,
  };
}

/** A quoted or stored charge in rupees, the shape of chargeSchema (the quote, the order). */
export function chargeInRupees(charge: QuotedCharge): Charge {
  const r = paiseToRupees;
  return {
    kind: charge.kind,
    label: CHARGE_LABELS[charge.kind],
    hsnCode: charge.hsnCode,
    taxableValue: r(charge.taxablePaise),
    taxRate: charge.rateBasisPoints / 100,
    cgst: r(charge.cgstPaise),
    sgst: r(charge.sgstPaise),
    igst: r(charge.igstPaise),
    tax: r(charge.taxPaise),
    total: r(charge.totalPaise),
  };
}
