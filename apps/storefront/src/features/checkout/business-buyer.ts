import {
  GSTIN_MESSAGES,
  businessBuyerProblem,
  gstinSchema,
  type CreateOrderBody,
  type GstState,
} from '@vastra/contracts';
import type { BusinessDraft, BusinessField } from './business-draft';

/**
 * A business buyer at checkout (behaviour.md §10 Business buyers): the optional GSTIN and
 * business name, checked as the API checks them (the contracts' rules: layout, check character,
 * both or neither, the GSTIN's state code = the delivery state), so the form says what the API
 * would before anything is sent.
 */

export { EMPTY_BUSINESS, type BusinessDraft, type BusinessField } from './business-draft';

type BusinessBody = Pick<CreateOrderBody, 'buyerGstin' | 'buyerBusinessName'>;

/**
 * The order body's `buyerGstin` and `buyerBusinessName` (both null for a consumer), or the
 * message of each field that is wrong. `deliveryState` is the state name of the address chosen;
 * when it is not among `states` the state is left to the API to check.
 */
export function checkBusiness(
  draft: BusinessDraft,
  deliveryState: string | null,
  states: readonly GstState[],
): { ok: true; body: BusinessBody } | { ok: false; errors: Partial<Record<BusinessField, string>> } {
  const typed = draft.gstin.trim();
  const businessName = draft.businessName.trim();
  if (!typed && !businessName) return { ok: true, body: { buyerGstin: null, buyerBusinessName: null } };
  const parsed = typed ? gstinSchema.safeParse(typed) : null;
  if (parsed && !parsed.success) {
    return { ok: false, errors: { gstin: parsed.error.issues[0]?.message ?? GSTIN_MESSAGES.format } };
  }
  const gstin = parsed?.data ?? null;
  const state = states.find((s) => s.name.toLowerCase() === deliveryState?.trim().toLowerCase());
  const problem = businessBuyerProblem(
    { gstin, businessName },
    state ?? { name: deliveryState ?? '', code: gstin?.slice(0, 2) ?? '' },
  );
  if (problem === GSTIN_MESSAGES.businessNameRequired) return { ok: false, errors: { businessName: problem } };
  if (problem) return { ok: false, errors: { gstin: problem } };
  return { ok: true, body: { buyerGstin: gstin, buyerBusinessName: businessName } };
}

/** Whether a message of the API is about the business buyer's fields (shown there, not as a toast). */
export function isBusinessMessage(message: string): boolean {
  return (Object.values(GSTIN_MESSAGES) as string[]).includes(message) || message.startsWith('This GSTIN ');
}
