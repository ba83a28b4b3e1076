import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TAXONOMY_MESSAGES, type AdminCategoryNode } from '@vastra/contracts';
import { describe, expect, test } from 'vitest';
import { fail, stubAdminApi, type Call } from '../test/http';
import { renderAdmin, session } from '../test/render';
import { Categories } from './Categories';

const WOMEN = '00000000-0000-4000-8000-00000000000a';
const ETHNIC = '00000000-0000-4000-8000-00000000000b';
const MEN = '00000000-0000-4000-8000-00000000000d';

const node = (
  id: string,
  name: string,
  level: AdminCategoryNode['level'],
  parentId: string | null,
  children: AdminCategoryNode[] = [],
) => ({
  id,
  name,
  slug: name.toLowerCase(),
  level,
  parentId,
  position: 0,
  isActive: true,
  image: null,
  products: 0,
  children,
});

const tree = [
  node(WOMEN, 'Women', 'master', null, [node(ETHNIC, 'Ethnic', 'sub', WOMEN)]),
  node(MEN, 'Men', 'master', null),
];

function show(routes: Record<string, unknown>): Call[] {
  const calls = stubAdminApi({ 'GET /auth/me': session('staff'), 'GET /categories/tree': tree, ...routes });
  renderAdmin(<Categories />);
  return calls;
}

async function pick(user: ReturnType<typeof userEvent.setup>, category: string, action: string) {
  await user.click(await screen.findByRole('button', { name: `Change ${category}` }));
  await user.click(await screen.findByRole('menuitem', { name: action }));
  return screen.findByRole('dialog');
}

describe('the category dialogs', () => {
  test('a new category needs a name, and goes under the category it was added to', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = show({ 'POST /categories': { ...node('new', 'Kurtis', 'article', ETHNIC), children: undefined } });
    await user.click(await screen.findByRole('button', { name: 'Show the categories under Women' }));
    const dialog = await pick(user, 'Ethnic', 'Add a product category');
    expect(within(dialog).getByText('New category under Ethnic')).toBeTruthy();
    const save = within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), '   ');
    expect(save.disabled).toBe(true);

    await user.clear(within(dialog).getByRole('textbox', { name: 'Name' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Kurtis');
    await user.click(save);
    expect(await screen.findByText('Kurtis made')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Kurtis', parentId: ETHNIC });
  });

  test('a move sends the new parent, and the API’s refusal is shown with the dialog still open', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = show({ [`PATCH /categories/${ETHNIC}`]: fail(409, TAXONOMY_MESSAGES.wrongLevel) });
    await user.click(await screen.findByRole('button', { name: 'Show the categories under Women' }));
    const dialog = await pick(user, 'Ethnic', 'Move to…');
    const move = within(dialog).getByRole('button', { name: 'Move' }) as HTMLButtonElement;
    // Still under Women: nothing to move.
    expect(move.disabled).toBe(true);
    await user.click(within(dialog).getByRole('combobox', { name: /New place/ }));
    await user.click(await screen.findByRole('option', { name: 'Men' }));
    await user.click(move);
    expect(await screen.findByText(TAXONOMY_MESSAGES.wrongLevel)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ parentId: MEN }]);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
