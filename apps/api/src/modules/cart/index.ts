/** The cart module's public surface: the cart service, the idle guest cart clean-up, the cart reminders, routes. */
export {
  CART_REMINDER_MAIL_JOB,
  CART_REMINDERS_SCAN_JOB,
  cartJobs,
  GUEST_CART_CLEANUP_JOB,
  type CartReminderMailJob,
} from './jobs';
export { toPublicCart } from './presenter';
export { CartReminders, type ReminderTimes } from './reminders';
export { cartRoutes } from './routes';
export { CartService, type CartLine, type CartOwner, type CartRecord } from './service';
export { createCartModule } from './module';
