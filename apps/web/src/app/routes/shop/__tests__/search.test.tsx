/** The search page (docs/search-and-listing.md): a search that finds nothing offers the popular categories. */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, server } from '../../../../testing/msw';
import { renderConsole } from '../../../../features/console/test-utils';
import SearchPage from '../search';

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
});
