import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { fail, stubAdminApi } from '../test/http';
import { renderAdmin, session } from '../test/render';
import { StaffInvite } from './Staff';

test('an invitation needs a name and an email, and goes as support unless another role is chosen', async () => {
  const user = userEvent.setup({ delay: null });
  const calls = stubAdminApi({
    'GET /auth/me': session('owner'),
    'POST /staff/invites': fail(409, 'A staff member with this email already exists.'),
  });
  renderAdmin(<StaffInvite />, { resource: 'staff' });
  const save = await screen.findByRole('button', { name: 'Save' });
  // The form is submitted directly: happy-dom's own check of the email field would stop a click.
  fireEvent.submit(save.closest('form')!);
  expect(await screen.findAllByText('Required')).toHaveLength(2);
  expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

  await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Meera Iyer');
  await user.type(screen.getByRole('textbox', { name: /Email/ }), 'meera@vastra.local');
  fireEvent.submit(save.closest('form')!);
  await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
  expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
    name: 'Meera Iyer',
    email: 'meera@vastra.local',
    role: 'support',
  });
});
