import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { expect, test } from 'vitest';
import { stubAdminApi, type Call } from '../test/http';
import { renderAdmin, session } from '../test/render';
import { PolicyEdit } from './Policies';

const terms = {
  id: 'terms',
  slug: 'terms',
  title: 'Terms of use',
  body: 'These terms apply.',
  html: '<p>These terms apply.</p>\n',
  version: 3,
  updatedAt: '2026-11-01T00:00:00.000Z',
};

test('the owner previews a policy as shoppers will see it, then saves its title and Markdown', async () => {
  const user = userEvent.setup({ delay: null });
  const calls = stubAdminApi({
    'GET /auth/me': session('owner'),
    'GET /policies': [terms],
    // The API's rendering: raw HTML comes back as text.
    'POST /policies/preview': ({ body }: Call) => ({
      html: `<h2>Our terms</h2>\n<p>${String((body as { body: string }).body).includes('<b>') ? '&lt;b&gt;Bold&lt;/b&gt;' : ''}</p>\n`,
    }),
    'PUT /policies/terms': ({ body }: Call) => ({ ...terms, ...(body as object), version: 4 }),
  });
  renderAdmin(
    <Routes location="/policies/terms">
      <Route path="/policies/:id" element={<PolicyEdit />} />
    </Routes>,
    { resource: 'policies' },
  );
  const text = await screen.findByRole('textbox', { name: /Text \(Markdown\)/ });
  await user.clear(text);
  fireEvent.change(text, { target: { value: '## Our terms\n\n<b>Bold</b>' } });
  await user.click(screen.getByRole('button', { name: 'Preview' }));
  const preview = await screen.findByRole('region', { name: 'Preview' });
  await waitFor(() => expect(preview.querySelector('h2')?.textContent).toBe('Our terms'));
  expect(preview.textContent).toContain('<b>Bold</b>');
  expect(preview.querySelector('b')).toBeNull();

  fireEvent.submit(screen.getByRole('button', { name: 'Save' }).closest('form')!);
  expect(await screen.findByText(/Policy saved/)).toBeTruthy();
  const put = calls.find((c) => c.method === 'PUT');
  expect(put?.body).toEqual({ title: 'Terms of use', body: '## Our terms\n\n<b>Bold</b>' });
});
