/**
 * The dashboard (docs/admin.md): today's and this month's orders and revenue (GST apart), 30
 * days of sales, orders by status, and what needs doing: orders to ship, returns waiting,
 * failed refunds, low stock; and the last 30 days' cart reminders with the reminded carts ordered
 * from within 7 days (docs/behaviour.md "Cart reminders"); above them, what the law asks the store
 * to show that its settings lack (LegalCheckCard).
 */
import { Box, Card, CardContent, List, ListItem, ListItemText, Typography } from '@mui/material';
import {
  ORDER_STATUS_LABELS,
  type AdminDashboard,
  type CartReminderStats,
  type LegalCheck,
  type OrderStatus,
} from '@vastra/contracts';
import { useEffect, useState } from 'react';
import { Link, Title, useNotify } from 'react-admin';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { rupees } from '../api';
import { adminApi } from '../client';
import { LegalCheckCard } from './LegalCheckCard';

function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <Card sx={{ flex: '1 1 200px' }}>
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h5" component="p">
          {value}
        </Typography>
        {detail ? <Typography variant="body2">{detail}</Typography> : null}
      </CardContent>
    </Card>
  );
}

export function Dashboard() {
  const notify = useNotify();
  const [data, setData] = useState<AdminDashboard | null>(null);
  const [reminders, setReminders] = useState<CartReminderStats | null>(null);
  const [legal, setLegal] = useState<LegalCheck | null>(null);
  useEffect(() => {
    const fail = (err: Error) => notify(err.message, { type: 'error' });
    adminApi.dashboard().then(setData, fail);
    adminApi.cartReminderStats().then(setReminders, fail);
    adminApi.compliance().then(setLegal, fail);
  }, [notify]);
  if (!data) return <Title title="Dashboard" />;
  const sales = data.salesPerDay.map((d) => ({ day: d.day.slice(5), revenue: d.revenuePaise / 100 }));
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title="Dashboard" />
      {legal ? <LegalCheckCard check={legal} /> : null}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        <Figure
          label="Orders today"
          value={String(data.today.orders)}
          detail={`${rupees(data.today.revenuePaise)} (GST ${rupees(data.today.gstPaise)})`}
        />
        <Figure
          label="Orders this month"
          value={String(data.month.orders)}
          detail={`${rupees(data.month.revenuePaise)} (GST ${rupees(data.month.gstPaise)})`}
        />
        <Figure label="To ship (waiting over 24 h)" value={String(data.toShip)} />
        <Figure label="Returns waiting" value={String(data.returnsWaiting)} />
        <Figure label="Failed refunds" value={String(data.failedRefunds)} />
        {reminders ? (
          <Figure
            label={`Cart reminders sent (last ${reminders.days} days)`}
            value={String(reminders.sent)}
            detail={`${reminders.ordered} of ${reminders.remindedCarts} reminded carts ordered within ${reminders.orderWithinDays} days`}
          />
        ) : null}
      </Box>
      <Card sx={{ mt: 2 }}>
        <CardContent>
          <Typography component="h2" variant="h6">
            Sales, last 30 days (₹, GST included)
          </Typography>
          <Box sx={{ height: 240 }} role="img" aria-label="Bar chart of sales per day for the last 30 days">
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={sales}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis dataKey="day" fontSize={12} />
                <YAxis fontSize={12} />
                <Tooltip formatter={(v) => `₹ ${Number(v).toLocaleString('en-IN')}`} />
                <Bar dataKey="revenue" fill="#8a1a42" isAnimationActive={false} />
              </BarChart>
            </ResponsiveContainer>
          </Box>
        </CardContent>
      </Card>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 2, mt: 2 }}>
        <Card sx={{ flex: '1 1 280px' }}>
          <CardContent>
            <Typography component="h2" variant="h6">
              Orders by status
            </Typography>
            <List dense>
              {data.byStatus.map((s) => (
                <ListItem key={s.status} disablePadding>
                  <ListItemText
                    primary={
                      <Link to={`/orders?filter=${encodeURIComponent(JSON.stringify({ status: s.status }))}`}>
                        {ORDER_STATUS_LABELS[s.status as OrderStatus] ?? s.status}: {s.orders}
                      </Link>
                    }
                  />
                </ListItem>
              ))}
            </List>
          </CardContent>
        </Card>
        <Card sx={{ flex: '1 1 280px' }}>
          <CardContent>
            <Typography component="h2" variant="h6">
              Low stock
            </Typography>
            <List dense>
              {data.lowStock.map((v) => (
                <ListItem key={v.variantId} disablePadding>
                  <ListItemText primary={`${v.name} · ${v.size}`} secondary={`${v.sku}: ${v.stock} left`} />
                </ListItem>
              ))}
            </List>
          </CardContent>
        </Card>
      </Box>
    </Box>
  );
}
