'use client';

import { useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '@/lib/store/hooks';
import { fetchOrders } from '@/lib/store/orders-slice';
import { OrdersListView, type OrdersPageData } from './orders-list-view';

/**
 * /account/orders once the store is there: the server's page of orders until the shopper asks
 * for another page, which is read through the store (its last page shows while it loads).
 */
export function OrdersList({ initial }: { initial: OrdersPageData }) {
  const dispatch = useAppDispatch();
  const { orders, meta, loading, error } = useAppSelector((state) => state.orders);
  const [page, setPage] = useState(initial.meta.currentPage);
  const [paged, setPaged] = useState(false);

  useEffect(() => {
    if (paged) void dispatch(fetchOrders(page));
  }, [dispatch, page, paged]);

  const onPage = (next: number) => {
    setPaged(true);
    setPage(next);
  };
  if (!paged) return <OrdersListView orders={initial.orders} meta={initial.meta} page={page} onPage={onPage} />;
  return (
    <OrdersListView
      orders={orders}
      meta={meta}
      page={page}
      loading={loading}
      error={error}
      onPage={onPage}
      onRetry={() => void dispatch(fetchOrders(page))}
    />
  );
}
