import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { Route, Routes } from 'react-router-dom';
import { fail, stubAdminApi } from '../test/http';
import { renderAdmin, session } from '../test/render';
import { SectionForm } from './SectionForm';

const submit = () => fireEvent.submit(screen.getByRole('button', { name: 'Add section' }).closest('form')!);

test('a new showcase section needs a title, and a title and picture per tile; its dates are India time', async () => {
  const user = userEvent.setup({ delay: null });
  const calls = stubAdminApi({
    'GET /auth/me': session('staff'),
    'GET /categories': [],
    'GET /collections': [],
    'POST /homepage/sections': fail(400, 'Refused in this test'),
  });
  renderAdmin(
    <Routes location="/homepage/new/fashion_showcase">
      <Route path="/homepage/new/:type" element={<SectionForm />} />
    </Routes>,
  );
  expect(await screen.findByText('New section: Showcase tiles')).toBeTruthy();
  const starts = screen.getByLabelText('Starts (India time, optional)');
  const ends = screen.getByLabelText('Ends (India time, optional)');
  fireEvent.change(starts, { target: { value: '2026-12-01T10:00' } });
  fireEvent.change(ends, { target: { value: '2026-12-01T09:00' } });
  submit();
  // The section's title, the tile's title and the tile's picture each say what is missing.
  await waitFor(() => expect(screen.getAllByText('Required')).toHaveLength(3));
  expect(screen.getByRole('textbox', { name: /^Picture/ }).getAttribute('aria-invalid')).toBe('true');
  expect(screen.queryByText(/@@react-admin@@/)).toBeNull();
  expect(await screen.findByText('The end must be after the start.')).toBeTruthy();
  expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

  await user.type(screen.getByRole('textbox', { name: /^Title( \*)?$/ }), 'Wedding edit');
  await user.type(screen.getByRole('textbox', { name: /^Title \(Hindi/ }), 'शादी का एडिट');
  expect(screen.getByRole('textbox', { name: /^Title \(Hindi/ }).getAttribute('lang')).toBe('hi');
  await user.type(screen.getByRole('textbox', { name: /^Tile title( \*)?$/ }), 'Lehengas');
  await user.type(screen.getByRole('textbox', { name: /^Tile title \(Hindi\)/ }), 'लहंगे');
  await user.type(screen.getByRole('textbox', { name: /^Picture/ }), '/media/store/lehenga.webp');
  const link = screen.getByRole('textbox', { name: /^Link/ });
  await user.clear(link);
  await user.type(link, '/shop/lehengas');
  fireEvent.change(ends, { target: { value: '2026-12-31T23:30' } });
  submit();
  expect(await screen.findByText('Refused in this test')).toBeTruthy();
  expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
    {
      sectionType: 'fashion_showcase',
      title: 'Wedding edit',
      subtitle: null,
      titleHi: 'शादी का एडिट',
      subtitleHi: null,
      isActive: true,
      startsAt: '2026-12-01T04:30:00.000Z',
      endsAt: '2026-12-31T18:00:00.000Z',
      content: {
        items: [{ title: 'Lehengas', titleHi: 'लहंगे', image: '/media/store/lehenga.webp', href: '/shop/lehengas' }],
      },
    },
  ]);
});
