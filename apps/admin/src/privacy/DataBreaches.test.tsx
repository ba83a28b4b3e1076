import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { stubAdminApi } from '../test/http';
import { renderAdmin, session } from '../test/render';
import { DataBreachCreate } from './DataBreaches';

const submit = () => fireEvent.submit(screen.getByRole('button', { name: 'Save' }).closest('form')!);

test('a breach is recorded with what happened, the data, about how many people; the Board and people not yet told', async () => {
  const user = userEvent.setup({ delay: null });
  const calls = stubAdminApi({
    'GET /auth/me': session('owner'),
    'POST /data-breaches': (call: { body: Record<string, unknown> }) => ({
      id: '00000000-0000-4000-8000-0000000000b1',
      createdAt: '2026-11-28T10:00:00.000Z',
      updatedAt: '2026-11-28T10:00:00.000Z',
      ...call.body,
    }),
    'GET /data-breaches': [],
  });
  renderAdmin(<DataBreachCreate />, { resource: 'data-breaches' });
  const what = await screen.findByRole('textbox', { name: /What happened/ });
  submit();
  expect((await screen.findAllByText('Required')).length).toBeGreaterThan(0);
  expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

  fireEvent.change(screen.getByLabelText(/Discovered at/), { target: { value: '2026-11-20T15:00' } });
  await user.type(what, 'Shipping labels export readable by link');
  await user.type(screen.getByRole('textbox', { name: /Personal data affected/ }), 'Names, addresses');
  await user.type(screen.getByRole('spinbutton', { name: /People affected/ }), '140');
  submit();
  await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
  const body = calls.find((c) => c.method === 'POST')?.body as Record<string, unknown>;
  expect(body).toMatchObject({
    description: 'Shipping labels export readable by link',
    dataCategories: 'Names, addresses',
    approxAffected: 140,
    measuresTaken: '',
    reportedToBoardAt: null,
    peopleInformedAt: null,
  });
  expect(String(body.discoveredAt)).toMatch(/^2026-11-20T/);
});
