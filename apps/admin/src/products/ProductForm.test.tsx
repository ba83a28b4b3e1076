import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { fail, stubAdminApi } from '../test/http';
import { renderAdmin, session } from '../test/render';
import { ProductCreate } from './ProductForm';
import { SizeEditor } from './SizeEditor';

/** Types `text` into `field` at once (a paste), as a person filling a long form would. */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

const KURTAS = {
  id: '00000000-0000-4000-8000-0000000000c1',
  name: 'Kurtas',
  slug: 'kurtas',
  parentId: null,
  level: 'article',
  path: 'Apparel › Topwear › Kurtas',
  position: 0,
};
const TOPWEAR = {
  ...KURTAS,
  id: '00000000-0000-4000-8000-0000000000c2',
  name: 'Topwear',
  level: 'sub',
  path: 'Apparel › Topwear',
};
const FESTIVE = {
  id: '00000000-0000-4000-8000-0000000000d1',
  name: 'Festive',
  slug: 'festive',
  isActive: true,
  position: 0,
  products: 3,
};

describe('new product', () => {
  test('the form is sent as the API body: leaf categories only, rupees as paise, empty extras as null', async () => {
    const user = userEvent.setup();
    const calls = stubAdminApi({
      'GET /auth/me': session('staff'),
      'GET /categories': [KURTAS, TOPWEAR],
      'GET /collections': [FESTIVE],
      'POST /products': fail(409, 'The price of a size cannot be above its MRP.'),
    });
    renderAdmin(<ProductCreate />, { resource: 'products' });

    await fill(user, screen.getByRole('textbox', { name: 'Name' }), 'Chikan kurta');
    const nameHi = screen.getByRole('textbox', { name: 'Name (Hindi)' });
    expect(nameHi.getAttribute('lang')).toBe('hi');
    await fill(user, nameHi, 'चिकनकारी कुर्ता');
    await fill(user, screen.getByRole('textbox', { name: 'Brand' }), 'Lucknowi');
    await fill(user, screen.getByRole('textbox', { name: 'Colour' }), 'White');
    await fill(user, screen.getByRole('textbox', { name: 'HSN code' }), '6211');
    await fill(user, screen.getByRole('textbox', { name: 'Year' }), '2026');
    await user.click(await screen.findByRole('combobox', { name: /Category/ }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Apparel › Topwear › Kurtas']);
    await user.click(options[0]!);
    await fill(user, screen.getByRole('textbox', { name: 'Size 1' }), 'M');
    await fill(user, screen.getByRole('textbox', { name: 'MRP ₹ (size 1)' }), '1,999');
    await fill(user, screen.getByRole('textbox', { name: 'Price ₹ (size 1)' }), '1499.50');
    await user.clear(screen.getByRole('textbox', { name: 'Stock (size 1)' }));
    await fill(user, screen.getByRole('textbox', { name: 'Stock (size 1)' }), '12');
    await user.click(screen.getByRole('button', { name: 'Save as draft' }));

    expect(await screen.findByText('The price of a size cannot be above its MRP.')).toBeTruthy();
    const sent = calls.find((c) => c.method === 'POST' && c.path === '/products');
    expect(sent?.body).toEqual({
      name: 'Chikan kurta',
      brand: 'Lucknowi',
      description: '',
      nameHi: 'चिकनकारी कुर्ता',
      descriptionHi: null,
      gender: 'Women',
      categoryId: KURTAS.id,
      color: 'White',
      hsnCode: '6211',
      season: null,
      usage: null,
      year: 2026,
      collectionIds: [],
      // Legal details left empty: not stated.
      countryOfOrigin: null,
      manufacturer: null,
      importer: null,
      netQuantity: null,
      variants: [{ size: 'M', mrpPaise: 199900, pricePaise: 149950, stock: 12 }],
    });
  });
});

describe('a size', () => {
  const variant = {
    id: '00000000-0000-4000-8000-0000000000e1',
    size: 'L',
    sku: 'VST-P-1-L',
    mrpPaise: 199900,
    pricePaise: 149900,
    stock: 4,
  };

  test('an edited size sends its size, SKU and prices in paise', async () => {
    const user = userEvent.setup();
    const calls = stubAdminApi({
      'GET /auth/me': session('staff'),
      [`PATCH /variants/${variant.id}`]: { id: variant.id },
    });
    let closed = false;
    renderAdmin(<SizeEditor productId="p1" variant={variant as never} onClose={() => (closed = true)} />);
    const price = screen.getByRole('textbox', { name: 'Price ₹' });
    expect((price as HTMLInputElement).value).toBe('1499');
    await user.clear(price);
    await user.type(price, '1299.5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(closed).toBe(true));
    expect(calls.at(-1)?.body).toEqual({ size: 'L', sku: 'VST-P-1-L', mrpPaise: 199900, pricePaise: 129950 });
  });

  test('a new size leaves an empty SKU out and sends its first stock; a refusal is shown in the dialog', async () => {
    const user = userEvent.setup();
    const calls = stubAdminApi({
      'GET /auth/me': session('staff'),
      'POST /products/p1/variants': fail(409, 'This product already has the size XL.'),
    });
    renderAdmin(<SizeEditor productId="p1" onClose={() => undefined} />);
    await user.type(screen.getByRole('textbox', { name: 'Size' }), 'XL');
    await user.type(screen.getByRole('textbox', { name: 'MRP ₹' }), '999');
    await user.type(screen.getByRole('textbox', { name: 'Price ₹' }), '799');
    await user.clear(screen.getByRole('textbox', { name: 'Stock' }));
    await user.type(screen.getByRole('textbox', { name: 'Stock' }), '5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This product already has the size XL.')).toBeTruthy();
    expect(calls.at(-1)?.body).toEqual({ size: 'XL', mrpPaise: 99900, pricePaise: 79900, stock: 5 });
  });
});
