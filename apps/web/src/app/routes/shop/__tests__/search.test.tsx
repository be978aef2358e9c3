/** The search page (docs/search-and-listing.md): a search that finds nothing offers the popular categories. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answer, server } from '../../../../testing/msw';
import { renderConsole } from '../../../../features/console/test-utils';
import SearchPage from '../search';

const noListing = {
  success: true as const,
  data: [],
  pagination: { page: 1, limit: 24, total: 0, pages: 0 },
  facets: { category: [], brand: [] },
};

describe('search page', () => {
  it('when a search finds nothing, then the categories with the most products are offered as links', async () => {
    server.use(
      answer('searchProducts', { success: true, data: [] }),
      answer('listProducts', {
        success: true,
        data: [],
        pagination: { page: 1, limit: 24, total: 60, pages: 3 },
        facets: {
          category: [
            { id: 'men', count: 10 },
            { id: 'footwear', count: 30 },
            { id: 'kids', count: 0 },
            { id: 'mobile', count: 20 },
          ],
          brand: [],
        },
      }),
    );
    renderConsole(<SearchPage />, { path: '/shop/listing/search?keyword=zzzzqq' });
    expect(await screen.findByRole('heading', { name: 'No products found' })).toBeInTheDocument();
    const popular = await screen.findByRole('navigation', { name: 'Popular categories' });
    const links = Array.from(popular.querySelectorAll('a'));
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Footwear', '/shop/listing?category=footwear'],
      ['Mobile', '/shop/listing?category=mobile'],
      ['Men', '/shop/listing?category=men'],
    ]);
  });
  it('when the search is narrowed to clothing, then the Size filter of the listing is offered and asks the search for that size', async () => {
    const asked: URLSearchParams[] = [];
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    server.use(
      answer('searchProducts', ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return { success: true, data: [], facets: { category: [], brand: [], capped: false } };
      }),
      answer('listProducts', noListing),
    );
    renderConsole(<SearchPage />, { path: '/shop/listing/search?keyword=kurta&category=women' });
    const filters = await screen.findByRole('complementary', { name: 'Filters' });
    const m = await within(filters).findByRole('checkbox', { name: 'M' });
    await userEvent.click(m);
    await waitFor(() => expect(asked.at(-1)?.get('size')).toBe('M'));
    expect(asked.at(-1)?.get('category')).toBe('women');
    expect(within(filters).getByRole('checkbox', { name: 'M' })).toBeChecked();
  });

  it('when the search is not narrowed to clothing or footwear, then no Size filter is offered', async () => {
    server.use(
      answer('searchProducts', {
        success: true,
        data: [],
        facets: { category: [], brand: [], capped: false },
      }),
      answer('listProducts', noListing),
    );
    renderConsole(<SearchPage />, { path: '/shop/listing/search?keyword=kurta&category=mobile' });
    const filters = await screen.findByRole('complementary', { name: 'Filters' });
    await within(filters).findByRole('group', { name: 'Category' });
    expect(within(filters).queryByRole('group', { name: 'Size' })).toBeNull();
  });
});
