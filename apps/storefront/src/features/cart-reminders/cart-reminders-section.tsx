import { getCartReminderSetting } from '@/lib/api/server/shopper';
import { CartRemindersSetting } from './cart-reminders-setting';

/**
 * The account page's cart reminders setting (docs/behaviour.md "Cart reminders"), read on the
 * server so the first HTML shows it; nothing when it cannot be read (a guest, an ended session,
 * the API away): the rest of the page still shows.
 */
export async function CartRemindersSection() {
  const setting = await getCartReminderSetting().catch(() => null);
  if (!setting) return null;
  return <CartRemindersSetting initialEnabled={setting.enabled} />;
}
