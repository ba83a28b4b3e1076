import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { expect, test } from 'vitest';
import { fail, stubAdminApi } from '../test/http';
import { renderAdmin, session } from '../test/render';
import { StaffEdit } from './Staff';

const member = {
  id: '00000000-0000-4000-8000-000000000002',
  email: 'meera@vastra.local',
  name: 'Meera Iyer',
  role: 'support',
  totpEnabled: false,
  disabled: false,
  lastLoginAt: null,
  createdAt: '2026-11-01T00:00:00.000Z',
};

test('editing a staff member sends only the role and the disabled flag, and shows the API’s refusal', async () => {
  const user = userEvent.setup({ delay: null });
  const calls = stubAdminApi({
    'GET /auth/me': session('owner'),
    'GET /staff': [member],
    [`PATCH /staff/${member.id}`]: fail(409, 'The store needs at least one owner.'),
  });
  // Staff edit takes the id from the address, as in the app.
  renderAdmin(
    <Routes location={`/staff/${member.id}`}>
      <Route path="/staff/:id" element={<StaffEdit />} />
    </Routes>,
    { resource: 'staff' },
  );
  const name = await screen.findByRole('textbox', { name: 'Name' });
  await waitFor(() => expect((name as HTMLInputElement).value).toBe('Meera Iyer'));
  expect((name as HTMLInputElement).disabled).toBe(true);

  await user.click(screen.getByRole('combobox', { name: /Role/ }));
  await user.click(await screen.findByRole('option', { name: 'staff' }));
  await user.click(screen.getByRole('switch', { name: 'Disabled (signs them out)' }));
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('The store needs at least one owner.')).toBeTruthy();
  const patches = calls.filter((c) => c.method === 'PATCH');
  expect(patches).toHaveLength(1);
  expect(patches[0]?.body).toEqual({ role: 'staff', disabled: true });
});
