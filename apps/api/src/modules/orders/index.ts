/** The orders module's public surface: placing and reading orders, the lifecycle, the ports it needs, routes. */
export { EXPIRE_UNPAID_JOB, ORDER_MAIL_JOB, ordersJobs } from './jobs';
export { CANCELLABLE, DELIVERED_OR_AFTER, SHIPPED_OR_AFTER, canTransition } from './lifecycle';
export type { ReturnSummary, ReturnsView } from './ports';
export { CourierOrderQueries, type CourierOrder } from './courier-queries';
export {
  COURIER_STATUSES,
  RETURNED_TO_SELLER_REASON,
  courierPath,
  type CourierStatus,
  type CourierStepInput,
  type CourierStepResult,
} from './courier';
export { AdminOrderQueries, type AdminOrderFilter, type AdminOrderRow } from './admin-queries';
export { hasPlacedOrder } from './queries';
export { ordersRoutes } from './routes';
export { OPERATOR_STEPS, OrdersService, type OperatorStep, type TransitionInput } from './service';
export type { OrderItemRow, OrderRow, StoredCharge, StoredTaxComponent } from './tables';
export { createOrdersModule } from './module';
