import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { GSTIN_MESSAGES } from '@vastra/contracts';
import { checkBusiness, isBusinessMessage } from './business-buyer';

const STATES = [
  { code: '27', name: 'Maharashtra' },
  { code: '29', name: 'Karnataka' },
];
// Real GSTINs (their check characters are right): Maharashtra (27).
const MAHARASHTRA_GSTIN = '27AAPFU0939F1ZV';

describe('the business buyer fields of checkout', () => {
  it('are optional: left empty, the order is a consumer’s', () => {
    assert.deepEqual(checkBusiness({ gstin: ' ', businessName: '' }, 'Karnataka', STATES), {
      ok: true,
      body: { buyerGstin: null, buyerBusinessName: null },
    });
  });

  it('send a GSTIN of the delivery state, as typed in lower case with spaces, upper-cased', () => {
    assert.deepEqual(
      checkBusiness({ gstin: '27aapfu0939f1zv ', businessName: ' Unique Traders ' }, 'Maharashtra', STATES),
      { ok: true, body: { buyerGstin: MAHARASHTRA_GSTIN, buyerBusinessName: 'Unique Traders' } },
    );
  });

  it('say which field is wrong: layout, check character, the other half missing, another state', () => {
    const errors = (gstin: string, businessName: string, state = 'Maharashtra') => {
      const result = checkBusiness({ gstin, businessName }, state, STATES);
      return result.ok ? null : result.errors;
    };
    assert.deepEqual(errors('27AAPFU0939', 'Unique Traders'), { gstin: GSTIN_MESSAGES.format });
    assert.deepEqual(errors('27AAPFU0939F1ZW', 'Unique Traders'), { gstin: GSTIN_MESSAGES.checksum });
    assert.deepEqual(errors(MAHARASHTRA_GSTIN, ''), { businessName: GSTIN_MESSAGES.businessNameRequired });
    assert.deepEqual(errors('', 'Unique Traders'), { gstin: GSTIN_MESSAGES.gstinRequired });
    const other = errors(MAHARASHTRA_GSTIN, 'Unique Traders', 'Karnataka');
    assert.match(other!.gstin!, /state code 27, but the delivery address is in Karnataka \(29\)/);
    assert.ok(isBusinessMessage(other!.gstin!));
    assert.ok(!isBusinessMessage('Payment method is required'));
  });
});
