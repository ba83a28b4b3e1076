import type { NdrRequestBody } from '@vastra/contracts';

/**
 * What the NDR form (ndr-panel.tsx) sends: the day chosen ('next' = the courier's next round),
 * another mobile number and a note, each left out when empty (docs/behaviour.md "Courier
 * updates: NDR and RTO").
 */
export function ndrBody(form: { when: string; phone: string; note: string }): NdrRequestBody {
  const phone = form.phone.trim();
  const note = form.note.trim();
  return {
    ...(form.when && form.when !== 'next' ? { preferredDate: form.when } : {}),
    ...(phone ? { phone } : {}),
    ...(note ? { note } : {}),
  };
}
