import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { fail, stubAdminApi } from '../test/http';
import { renderAdmin } from '../test/render';
import { LoginPage } from './LoginPage';

test('sign-in sends the email and password, and shows the API’s message when it answers 401', async () => {
  const user = userEvent.setup({ delay: null });
  const calls = stubAdminApi({
    'GET /auth/me': fail(401, 'Sign in first.'),
    'POST /auth/login': fail(401, 'Wrong email or password.'),
  });
  renderAdmin(<LoginPage />);
  await user.type(await screen.findByLabelText(/Email/), 'asha@vastra.local');
  await user.type(screen.getByLabelText(/Password/), 'not-the-password');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(await screen.findByText('Wrong email or password.')).toBeTruthy();
  const logins = calls.filter((c) => c.path === '/auth/login');
  expect(logins).toHaveLength(1);
  expect(logins[0]?.body).toEqual({ email: 'asha@vastra.local', password: 'not-the-password' });
  await waitFor(() =>
    expect((screen.getByRole('button', { name: 'Sign in' }) as HTMLButtonElement).disabled).toBe(false),
  );
});
