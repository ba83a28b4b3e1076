'use client';

import { storeIsland } from '@/lib/store/store-provider';

/** The orders list (orders-list.tsx), loaded with the store. */
export const OrdersList = storeIsland(() => import('./orders-list').then((module) => module.OrdersList));

/** One order (order-detail.tsx), loaded with the store. */
export const OrderDetail = storeIsland(() => import('./order-detail').then((module) => module.OrderDetail));

/** The return of an order (return-flow.tsx), loaded with the store. */
export const ReturnFlow = storeIsland(() => import('./return-flow').then((module) => module.ReturnFlow));

/** The returns list (returns-list.tsx), loaded with the store. */
export const ReturnsList = storeIsland(() => import('./returns-list').then((module) => module.ReturnsList));
