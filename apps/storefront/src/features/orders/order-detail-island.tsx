'use client';

import { storeIslandOverView } from '@/lib/store/island-with-view';

/** One order (order-detail.tsx) over the server's view of it (order-detail-view.tsx). */
export const OrderDetail = storeIslandOverView(() => import('./order-detail').then((module) => module.OrderDetail));
