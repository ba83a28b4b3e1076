'use client';

import { storeIslandOverView } from '@/lib/store/island-with-view';

/** The orders list (orders-list.tsx) over the server's view of it (orders-list-view.tsx). */
export const OrdersList = storeIslandOverView(() => import('./orders-list').then((module) => module.OrdersList));
