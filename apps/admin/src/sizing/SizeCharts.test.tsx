import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SIZING_MESSAGES } from '@vastra/contracts';
import { Route, Routes } from 'react-router-dom';
import { expect, test } from 'vitest';
import { fail, stubAdminApi, type Call } from '../test/http';
import { renderAdmin, session } from '../test/render';
import { SizeChartEdit } from './SizeCharts';

const chart = {
  id: 'sc1',
  brand: null,
  category: { id: 'cat1', name: 'Kurtas' },
  columns: [
    { key: 'chest', label: 'Chest', labelHi: 'छाती', unit: 'cm' },
    { key: 'uk', label: 'UK', unit: null },
  ],
  rows: [{ size: 'M', values: { chest: 96, uk: '10' } }],
  sourceName: 'Store measurements',
  sourceUrl: 'https://vastra.local/size-guide',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

// The form is submitted directly: in happy-dom a click on Save does not reach react-admin's submit
// while a number field is outside its min, max or step; the messages tested are the app's own.
const submit = () => fireEvent.submit(screen.getByRole('button', { name: 'Save' }).closest('form')!);

test('a size chart names a bad key or an empty size; lengths go as numbers, an empty link as none, the API’s check is shown', async () => {
  const user = userEvent.setup({ delay: null });
  const calls = stubAdminApi({
    'GET /auth/me': session('staff'),
    'GET /size-charts/sc1': chart,
    'PUT /size-charts/sc1': ({ body }: Call) =>
      (body as { rows: { values: { chest: number } }[] }).rows[0]?.values.chest === 0
        ? fail(400, SIZING_MESSAGES.lengthsAreNumbers)
        : { ...chart, ...(body as object) },
  });
  renderAdmin(
    <Routes location="/size-charts/sc1">
      <Route path="/size-charts/:id" element={<SizeChartEdit />} />
    </Routes>,
    { resource: 'size-charts' },
  );
  const key = await screen.findByDisplayValue('chest');
  const size = screen.getByDisplayValue('M');
  await user.clear(key);
  await user.type(key, 'Chest');
  await user.clear(size);
  submit();
  expect(await screen.findByText('Lower-case letters, digits and _')).toBeTruthy();
  expect(await screen.findByText('Required')).toBeTruthy();
  expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

  await user.clear(key);
  await user.type(key, 'chest');
  await user.type(size, 'L');
  const length = screen.getByRole('spinbutton', { name: 'Chest (cm), size L' });
  await user.clear(length);
  await user.type(length, '0');
  await user.clear(screen.getByRole('textbox', { name: /Link to the source/ }));
  submit();
  // The app leaves the figures' rules to the API and shows its message.
  expect(await screen.findByText(SIZING_MESSAGES.lengthsAreNumbers)).toBeTruthy();

  await user.clear(length);
  await user.type(length, '101.5');
  const uk = screen.getByRole('textbox', { name: 'UK, size L' });
  await user.clear(uk);
  await user.type(uk, ' 12 ');
  const [chestHi, ukHi] = screen.getAllByRole('textbox', { name: 'Label (Hindi)' });
  expect((chestHi as HTMLInputElement).value).toBe('छाती');
  expect(ukHi!.getAttribute('lang')).toBe('hi');
  await user.type(ukHi!, 'UK / भारत');
  submit();
  expect(await screen.findByText(/Size chart saved/)).toBeTruthy();
  const puts = calls.filter((c) => c.method === 'PUT');
  await waitFor(() => expect(puts).toHaveLength(2));
  expect(puts[1]?.body).toEqual({
    columns: [
      { key: 'chest', label: 'Chest', labelHi: 'छाती', unit: 'cm' },
      { key: 'uk', label: 'UK', labelHi: 'UK / भारत', unit: null },
    ],
    rows: [{ size: 'L', values: { chest: 101.5, uk: '12' } }],
    sourceName: 'Store measurements',
    sourceUrl: null,
  });
});
