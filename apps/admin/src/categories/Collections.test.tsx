import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { Route, Routes } from 'react-router-dom';
import { fail, stubAdminApi, type Call } from '../test/http';
import { renderAdmin, session } from '../test/render';
import { CollectionEdit } from './CollectionEdit';
import { CollectionList } from './CollectionList';

const detail = {
  id: 'c1',
  name: 'Festive',
  slug: 'festive',
  description: 'For Diwali',
  nameHi: 'त्योहार',
  descriptionHi: null,
  image: null,
  position: 0,
  isActive: true,
  products: [],
};

describe('the collection forms', () => {
  test('a new collection needs a name; the name is sent and the new collection opens', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = stubAdminApi({
      'GET /auth/me': session('staff'),
      'GET /collections': [],
      'POST /collections': { ...detail, name: 'Wedding', slug: 'wedding', description: '' },
      'GET /collections/c1': detail,
    });
    renderAdmin(
      <Routes>
        <Route path="*" element={<CollectionList />} />
        <Route path="/collections/:id" element={<p>Collection page</p>} />
      </Routes>,
    );
    const name = await screen.findByRole('textbox', { name: 'New collection’s name' });
    const make = await screen.findByRole('button', { name: 'Make collection' });
    await user.type(name, '  ');
    expect((make as HTMLButtonElement).disabled).toBe(true);

    await user.clear(name);
    await user.type(name, 'Wedding');
    await user.click(make);
    expect(await screen.findByText('Collection page')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ name: 'Wedding' }]);
  });

  test('a collection’s page sends its fields, an empty picture as none, and shows the API’s refusal', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = stubAdminApi({
      'GET /auth/me': session('staff'),
      'GET /collections/c1': detail,
      'PATCH /collections/c1': ({ body }: Call) =>
        (body as { image: string | null }).image === null
          ? { ...detail, ...(body as object) }
          : fail(400, 'Use a /media/… path or an https:// address.'),
    });
    renderAdmin(
      <Routes location="/collections/c1">
        <Route path="/collections/:id" element={<CollectionEdit />} />
      </Routes>,
    );
    const name = await screen.findByRole('textbox', { name: 'Name' });
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    await user.clear(name);
    expect(save.disabled).toBe(true);

    await user.type(name, 'Festive edit');
    const nameHi = screen.getByRole('textbox', { name: 'Name (Hindi)' }) as HTMLInputElement;
    expect(nameHi.value).toBe('त्योहार');
    expect(nameHi.getAttribute('lang')).toBe('hi');
    await user.click(screen.getByRole('textbox', { name: 'Description (Hindi)' }));
    await user.paste('दिवाली के लिए');
    await user.type(screen.getByRole('textbox', { name: 'Picture' }), 'ftp://x');
    await user.click(save);
    expect(await screen.findByText('Use a /media/… path or an https:// address.')).toBeTruthy();

    await user.clear(screen.getByRole('textbox', { name: 'Picture' }));
    await user.type(screen.getByRole('textbox', { name: 'Picture' }), '   ');
    await user.clear(nameHi);
    await user.click(screen.getByRole('switch', { name: 'Shown in the shop' }));
    await user.click(save);
    expect(await screen.findByText('Collection saved')).toBeTruthy();
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
      {
        name: 'Festive edit',
        description: 'For Diwali',
        nameHi: 'त्योहार',
        descriptionHi: 'दिवाली के लिए',
        image: 'ftp://x',
        isActive: true,
      },
      // An emptied Hindi name is sent as none.
      {
        name: 'Festive edit',
        description: 'For Diwali',
        nameHi: null,
        descriptionHi: 'दिवाली के लिए',
        image: null,
        isActive: false,
      },
    ]);
  });
});
