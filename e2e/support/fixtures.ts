/**
 * The journeys' Playwright fixtures: each test gets people and data of its own, made through
 * the API when the test asks for them, so a journey passes alone and in any order (no journey
 * signs in as an account another one changed, or spends a gift card another one spent).
 *
 * - `shopper`: a shopper registered through `POST /auth/register` for this test, with the
 *   session's token (a bearer for the shop's API). Its name is the `shopperName` option
 *   (`test.use({ shopperName: 'Meera Iyer' })`), "Asha Rao" unless a file says otherwise.
 * - `owner`: a store owner invited for this test with the operator token the API wrote into
 *   its DATA_DIR (as `npm run ops` acts), who chose a password; no two-factor sign-in until the
 *   test turns it on. Never the development owner `npm start` makes.
 * - `giftCard(rupees)`: the code of a gift card of that balance issued for this test through
 *   the admin API (`POST /admin/api/gift-cards`), never spent by another journey.
 *
 * Import `test` and `expect` from here instead of '@playwright/test'.
 */
import path from 'node:path';
import { test as base } from '@playwright/test';
import { newShopper, registerThroughApi, type Shopper } from './accounts';
import { inviteStaff, operatorCall, type StaffSignIn } from './admin';

export { expect } from '@playwright/test';

/** A shopper registered for one test, with the token of the session the registration opened. */
export type RegisteredShopper = Shopper & { token: string };

type JourneyFixtures = {
  /** The name the `shopper` fixture registers with (an option: `test.use({ shopperName })`). */
  shopperName: string;
  shopper: RegisteredShopper;
  owner: StaffSignIn;
  giftCard: (rupees: number) => Promise<string>;
};

/** The test file's name without `.spec.ts`: the label of the emails made for it. */
const labelOf = (file: string) => path.basename(file).replace(/\.spec\.ts$/, '');

export const test = base.extend<JourneyFixtures>({
  shopperName: ['Asha Rao', { option: true }],

  shopper: async ({ shopperName }, use, testInfo) => {
    const shopper = newShopper(labelOf(testInfo.file), shopperName);
    await use({ ...shopper, token: await registerThroughApi(shopper) });
  },

  // Playwright reads a fixture's dependencies from the pattern of its first parameter: none here.
  // eslint-disable-next-line no-empty-pattern
  owner: async ({}, use, testInfo) => {
    const unique = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    await use(await inviteStaff('operator', `${labelOf(testInfo.file)}-owner-${unique}@example.com`, 'owner'));
  },

  // eslint-disable-next-line no-empty-pattern
  giftCard: async ({}, use) => {
    await use(async (rupees) => {
      const issued = await operatorCall('POST', '/gift-cards', { amountPaise: rupees * 100 });
      base.expect(issued.status, issued.body.message).toBe(201);
      return issued.body.data!.code as string;
    });
  },
});
