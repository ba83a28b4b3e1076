import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SYNONYM_MESSAGES } from '@vastra/contracts';
import { describe, expect, test } from 'vitest';
import { fail, stubAdminApi, type Call } from '../test/http';
import { renderAdmin, session } from '../test/render';
import { SearchSynonyms, equivalentsOf } from './SearchSynonyms';

const CHAPPAL = {
  id: '00000000-0000-4000-8000-0000000000a1',
  term: 'chappal',
  equivalents: ['flip flops', 'sandals'],
  updatedAt: '2026-11-01T00:00:00.000Z',
};
const KURTA_HI = { ...CHAPPAL, id: '00000000-0000-4000-8000-0000000000a2', term: 'कुर्ता', equivalents: ['kurta'] };

describe('the search synonyms screen', () => {
  test('lists each word with what it finds; a new word is sent with its phrases split at commas', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = stubAdminApi({
      'GET /auth/me': session('staff'),
      'GET /search-synonyms': [CHAPPAL, KURTA_HI],
      'POST /search-synonyms': ({ body }: Call) =>
        (body as { term: string }).term === 'chappal'
          ? fail(409, SYNONYM_MESSAGES.termTaken)
          : { ...CHAPPAL, id: 'new', ...(body as object) },
    });
    renderAdmin(<SearchSynonyms />);
    expect(await screen.findByText('also finds: flip flops, sandals')).toBeTruthy();
    expect(screen.getByText('कुर्ता').getAttribute('lang')).toBe('hi');

    await user.click(screen.getByRole('button', { name: 'Add a word' }));
    const dialog = await screen.findByRole('dialog');
    const save = within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    await user.type(within(dialog).getByRole('textbox', { name: 'Word' }), 'chappal');
    expect(save.disabled).toBe(true);
    await user.type(within(dialog).getByRole('textbox', { name: 'Also finds' }), 'slippers');
    await user.click(save);
    // The API's refusal is shown and the dialog stays open.
    expect(await screen.findByText(SYNONYM_MESSAGES.termTaken)).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();

    const word = within(dialog).getByRole('textbox', { name: 'Word' });
    await user.clear(word);
    await user.type(word, 'jutti');
    const finds = within(dialog).getByRole('textbox', { name: 'Also finds' });
    await user.clear(finds);
    await user.type(finds, 'mojari, ethnic footwear ,, juttis');
    await user.click(save);
    expect(await screen.findByText('Synonyms of jutti saved')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { term: 'chappal', equivalents: ['slippers'] },
      { term: 'jutti', equivalents: ['mojari', 'ethnic footwear', 'juttis'] },
    ]);
  });

  test('a word is changed and removed through its own buttons', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = stubAdminApi({
      'GET /auth/me': session('staff'),
      'GET /search-synonyms': [CHAPPAL],
      [`PUT /search-synonyms/${CHAPPAL.id}`]: ({ body }: Call) => ({ ...CHAPPAL, ...(body as object) }),
      [`DELETE /search-synonyms/${CHAPPAL.id}`]: { id: CHAPPAL.id },
    });
    renderAdmin(<SearchSynonyms />);
    await user.click(await screen.findByRole('button', { name: 'Change chappal' }));
    const finds = within(await screen.findByRole('dialog')).getByRole('textbox', { name: 'Also finds' });
    expect((finds as HTMLInputElement).value).toBe('flip flops, sandals');
    await user.type(finds, ', slippers');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Synonyms of chappal saved')).toBeTruthy();
    // Found once the closed dialog no longer hides the page from assistive technology.
    await user.click(await screen.findByRole('button', { name: 'Remove chappal' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      term: 'chappal',
      equivalents: ['flip flops', 'sandals', 'slippers'],
    });
  });

  test('support sees no buttons to change synonyms', async () => {
    stubAdminApi({ 'GET /auth/me': session('support'), 'GET /search-synonyms': [CHAPPAL] });
    renderAdmin(<SearchSynonyms />);
    expect(await screen.findByText('chappal')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add a word' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Change chappal' })).toBeNull();
  });

  test('phrases are split at commas, blanks dropped', () => {
    expect(equivalentsOf(' flip flops, ,sandals ')).toEqual(['flip flops', 'sandals']);
  });
});
