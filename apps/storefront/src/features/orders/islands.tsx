'use client';

import { storeIslandWithView } from '@/lib/store/island-with-view';
import { OrderDetailStatic } from './order-detail-view';
import { OrdersListStatic } from './orders-list-view';
import { ReturnFormStatic } from './return-form';

/** The orders list (orders-list.tsx): the server's page of orders, its paging disabled until the store is there. */
export const OrdersList = storeIslandWithView(
  () => import('./orders-list').then((module) => module.OrdersList),
  OrdersListStatic,
);

/** One order (order-detail.tsx): the server's copy, its actions disabled until the store is there. */
export const OrderDetail = storeIslandWithView(
  () => import('./order-detail').then((module) => module.OrderDetail),
  OrderDetailStatic,
);

/** The return form (return-flow.tsx) for the server's copy of the order, disabled until the store is there. */
export const ReturnFlow = storeIslandWithView(
  () => import('./return-flow').then((module) => module.ReturnFlow),
  ReturnFormStatic,
);
