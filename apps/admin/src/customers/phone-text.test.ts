import { expect, test } from 'vitest';
import { phoneText } from './phone-text';

test("a customer's mobile number reads as staff would write it, with whether a texted code proved it", () => {
  expect(phoneText({ phone: '9876543210', phoneVerified: true })).toBe('+91 98765 43210 (verified)');
  expect(phoneText({ phone: '9876543210', phoneVerified: false })).toBe('+91 98765 43210 (not verified)');
  expect(phoneText({ phone: null, phoneVerified: false })).toBe('no phone');
});
