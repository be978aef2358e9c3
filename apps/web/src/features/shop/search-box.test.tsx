import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { makeStore } from '../../app/store';
import { answer, server } from '../../testing/msw';
import { SearchBox } from './search-box';

function Where() {
  const l = useLocation();
  return <p data-testid="where">{`${l.pathname}${l.search}`}</p>;
}

function setup() {
  const asked: string[] = [];
  server.use(
    answer('searchSuggest', ({ request }) => {
      asked.push(new URL(request.url).searchParams.get('q') ?? '');
      return {
        success: true as const,
        data: {
          products: [
            { _id: 'p1', title: 'Nike Air Runner Shoes', image: '/x.png', category: 'men', brand: 'nike' },
          ],
          brands: [{ id: 'nike', label: 'Nike' }],
          categories: [{ id: 'footwear', label: 'Footwear' }],
        },
      };
    }),
  );
  render(
    <Provider store={makeStore()}>
      <MemoryRouter initialEntries={['/']}>
        <SearchBox />
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  const box = screen.getByRole('combobox', { name: 'Search products' });
  return { asked, box };
}

describe('SearchBox suggestions', () => {
  it('when 3 characters are typed, then nothing is asked; at 4, after the pause, the suggestions show', async () => {
    const { asked, box } = setup();
    fireEvent.change(box, { target: { value: 'nik' } });
    await act(() => new Promise((r) => setTimeout(r, 700)));
    expect(asked).toEqual([]);
    expect(box).toHaveAttribute('aria-expanded', 'false');
    fireEvent.change(box, { target: { value: 'nike' } });
    const list = await screen.findByRole('listbox', { name: 'Suggestions' }, { timeout: 2000 });
    expect(asked).toEqual(['nike']);
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Nike Air Runner Shoes',
      'Nike',
      'Footwear',
    ]);
    expect(list).toBeVisible();
  });

  it('when typing pauses, then the page stays where it is (suggestions only); Enter then searches', async () => {
    const { box } = setup();
    fireEvent.change(box, { target: { value: 'nike' } });
    await screen.findByRole('listbox', { name: 'Suggestions' }, { timeout: 2000 });
    fireEvent.change(box, { target: { value: 'ni' } });
    await act(() => new Promise((r) => setTimeout(r, 700)));
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
    fireEvent.change(box, { target: { value: 'nike air' } });
    await act(() => new Promise((r) => setTimeout(r, 700)));
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
    fireEvent.submit(box.closest('form')!);
    await waitFor(() =>
      expect(screen.getByTestId('where')).toHaveTextContent('/shop/listing/search?keyword=nike%20air'),
    );
  });

  it('when Enter is pressed before the pause ends, then it searches and no suggestion list opens over the results', async () => {
    const { asked, box } = setup();
    fireEvent.change(box, { target: { value: 'nike' } });
    fireEvent.submit(box.closest('form')!);
    await waitFor(() =>
      expect(screen.getByTestId('where')).toHaveTextContent('/shop/listing/search?keyword=nike'),
    );
    await act(() => new Promise((r) => setTimeout(r, 1500)));
    expect(asked).toEqual([]);
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it('when a suggestion is clicked, then it opens', async () => {
    const { box } = setup();
    fireEvent.change(box, { target: { value: 'nike' } });
    await screen.findByRole('listbox', { name: 'Suggestions' }, { timeout: 2000 });
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
    fireEvent.mouseDown(screen.getByRole('option', { name: 'Nike Air Runner Shoes' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/product/p1'));
  });

  it('when arrows move to a suggestion and Enter is pressed, then that suggestion opens', async () => {
    const { box } = setup();
    fireEvent.change(box, { target: { value: 'nike' } });
    await screen.findByRole('listbox', { name: 'Suggestions' }, { timeout: 2000 });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    const brand = screen.getByRole('option', { name: 'Nike' });
    expect(box).toHaveAttribute('aria-activedescendant', brand.id);
    expect(brand).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    fireEvent.keyDown(box, { key: 'ArrowUp' }); // wraps to the last
    expect(screen.getByRole('option', { name: 'Footwear' })).toHaveAttribute('aria-selected', 'true');
    fireEvent.submit(box.closest('form')!);
    await waitFor(() =>
      expect(screen.getByTestId('where')).toHaveTextContent(
        '/shop/listing?category=footwear&sortBy=price-lowtohigh',
      ),
    );
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it('when Escape is pressed, then the list closes and Enter searches the typed text', async () => {
    const { box } = setup();
    fireEvent.change(box, { target: { value: 'nike' } });
    await screen.findByRole('listbox', { name: 'Suggestions' }, { timeout: 2000 });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).not.toHaveAttribute('aria-activedescendant');
    fireEvent.submit(box.closest('form')!);
    await waitFor(() =>
      expect(screen.getByTestId('where')).toHaveTextContent('/shop/listing/search?keyword=nike'),
    );
  });
});
