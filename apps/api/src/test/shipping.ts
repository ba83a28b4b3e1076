/**
 * The shipment booking tests' store (docs/behaviour.md "Shipping operations: booking"): an app
 * that books with the Shiprocket stand-in, its staff team, a shopper and `pieceCount` sizes in
 * stock at ₹ 1,299 to order.
 */
import { register, type Account } from './accounts';
import { createTestApp, type TestContext } from './harness';
import { MANY_ORDERS_ENV } from './orders';
import { piecesOf, type Piece } from './returns';
import { FakeShiprocket, shiprocketEnv } from './shiprocket-server';
import { staffTeam, type StaffLogin } from './staff';

export type ShippingStore = {
  ctx: TestContext;
  sr: FakeShiprocket;
  team: Record<'owner' | 'staff' | 'support', StaffLogin>;
  shopper: Account;
  pieces: Piece[];
};

/** Starts the stand-in and the app (with `env` added); close it with `closeShippingStore`. */
export async function shippingStore(pieceCount: number, env: Record<string, string> = {}): Promise<ShippingStore> {
  const sr = new FakeShiprocket();
  const ctx = await createTestApp({ env: { ...MANY_ORDERS_ENV, ...env, ...shiprocketEnv(await sr.listen()) } });
  return {
    ctx,
    sr,
    team: await staffTeam(ctx),
    shopper: await register(ctx.app, { name: 'Asha Rao' }),
    pieces: await piecesOf(ctx, pieceCount, { blocked: false, pricePaise: 129_900 }),
  };
}

export async function closeShippingStore({ ctx, sr }: ShippingStore): Promise<void> {
  await ctx.close();
  await sr.close();
}
