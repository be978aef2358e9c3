import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProductDto } from '@mp/shared';
import { ProductForm } from '../product-form';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn(), warn: vi.fn() } }));
const { toast } = await import('react-toastify');

const product: ProductDto = {
  _id: '3f0c1d4e-5a6b-4c7d-8e9f-000000000001',
  title: 'Running Shoe',
  description: 'Light and fast',
  category: 'footwear',
  brand: 'nike',
  price: 2999,
  salePrice: 2499,
  discount: 10,
  totalStock: 12,
  image: '/uploads/products/shoe.png',
  images: [
    '/uploads/products/shoe.png',
    '/uploads/products/shoe-side.png',
    '/uploads/products/shoe-sole.png',
  ].map((url) => ({ url, width: null, height: null, variants: [] })),
  sellerId: null,
  averageReview: 0,
  reviewCount: 0,
  popularity: 0,
  createdAt: '2025-01-01T00:00:00.000Z',
  bestSeller: false,
  options: [],
  maxPrice: 2499,
};

const endpoints = () => ({
  add: vi.fn().mockResolvedValue({ message: 'Product added Successfully!' }),
  edit: vi.fn().mockResolvedValue({ message: 'Product updated Successfully!' }),
});

afterEach(() => vi.clearAllMocks());

describe('Product form', () => {
  it('when submitted empty, then shows the validation messages and calls nothing', async () => {
    const ep = endpoints();
    render(<ProductForm endpoints={ep} onSaved={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    expect(screen.getByText('Description is required')).toBeInTheDocument();
    expect(screen.getByText('Image is required')).toBeInTheDocument();
    expect(screen.getByText(/Category must be one of/)).toBeInTheDocument();
    expect(screen.getByText('Brand is required')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Title/)).toHaveAttribute('aria-invalid', 'true');
    expect(ep.add).not.toHaveBeenCalled();
  });

  it('when the sale price is above the price, then says so under the sale price', async () => {
    render(<ProductForm product={product} endpoints={endpoints()} onSaved={vi.fn()} />);
    const sale = screen.getByLabelText(/^Sale Price/);
    await userEvent.clear(sale);
    await userEvent.type(sale, '5000');
    await userEvent.click(screen.getByRole('button', { name: 'Update Product' }));
    expect(await screen.findByText('Sale price cannot be above the price')).toBeInTheDocument();
  });

  it('when in add mode, then several images upload at once (progress, previews, one failing with its reason) and the product is added with them in order', async () => {
    const ep = endpoints();
    const onSaved = vi.fn();
    const finishers: ((url: string) => void)[] = [];
    const upload = vi.fn(
      (file: File, _signal?: AbortSignal, onProgress?: (f: number) => void) =>
        new Promise<string>((resolve, reject) => {
          onProgress?.(0.5);
          if (file.name === 'broken.png') reject(new Error('That file is not an image'));
          else finishers.push(resolve);
        }),
    );
    render(<ProductForm endpoints={ep} onSaved={onSaved} upload={upload} />);

    const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
    await userEvent.upload(screen.getByLabelText('Upload Images'), [
      png('front.png'),
      png('broken.png'),
      png('side.png'),
    ]);
    expect(await screen.findByRole('progressbar', { name: 'Uploading front.png' })).toHaveAttribute(
      'value',
      '50',
    );
    expect(screen.getByRole('button', { name: 'Add Product' })).toBeDisabled();
    finishers[0]!('/uploads/products/front.png');
    expect((await screen.findByText(/^broken\.png: /)).closest('[role="alert"]')).not.toBeNull();
    await waitFor(() => expect(finishers).toHaveLength(2));
    finishers[1]!('/uploads/products/side.png');
    expect(await screen.findByAltText('Image 2 of 2')).toHaveAttribute('src', '/uploads/products/side.png');
    expect(screen.getByAltText('Image 1 of 2')).toHaveAttribute('src', '/uploads/products/front.png');
    expect(screen.getByText('Main image')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText(/^Title/), 'Trail Shoe');
    await userEvent.type(screen.getByLabelText(/^Description/), 'Grippy');
    await userEvent.selectOptions(screen.getByLabelText(/^Category/), 'footwear');
    await userEvent.type(screen.getByLabelText(/^Brand/), 'Panasonic');
    await userEvent.type(screen.getByLabelText(/^Price/), '1500');
    await userEvent.type(screen.getByLabelText(/^Total Stock/), '5');
    await userEvent.click(screen.getByRole('button', { name: 'Add Product' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(ep.add).toHaveBeenCalledWith({
      title: 'Trail Shoe',
      description: 'Grippy',
      category: 'footwear',
      brand: 'Panasonic',
      price: 1500,
      salePrice: undefined,
      discount: 0,
      totalStock: 5,
      image: '/uploads/products/front.png',
      images: ['/uploads/products/front.png', '/uploads/products/side.png'],
      // the category's tax defaults, filled in when footwear was chosen (docs/tax.md)
      hsn: '6403',
      gstRate: 5,
      // no package of its own: the category's (docs/delivery.md)
      weightGrams: null,
      lengthCm: null,
      widthCm: null,
      heightCm: null,
      options: [],
    });
    expect(toast.success).toHaveBeenCalledWith('Product added Successfully!');
  }, 20_000);

  it('when a seller adds Size S, M with their own prices and stock, then the product is sent with its options and two variants', async () => {
    const ep = endpoints();
    render(<ProductForm endpoints={ep} onSaved={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add option' }));
    await userEvent.type(screen.getByLabelText(/^Size values/), 'S, M');
    const grid = screen.getByRole('table', { name: 'Variants' });
    expect(within(grid).getAllByRole('row')).toHaveLength(3);
    await userEvent.type(within(grid).getByLabelText('SKU of M'), 'TEE-M');
    await userEvent.type(within(grid).getByLabelText('Price of S'), '499');
    await userEvent.type(within(grid).getByLabelText('Price of M'), '599');
    await userEvent.clear(within(grid).getByLabelText('Stock of M'));
    await userEvent.type(within(grid).getByLabelText('Stock of M'), '3');
    expect(screen.queryByLabelText(/^Total Stock/)).not.toBeInTheDocument();
  });

  it('when the category select opens, then it offers the 9 categories', () => {
    render(<ProductForm endpoints={endpoints()} onSaved={vi.fn()} />);
    const category = screen.getByLabelText(/^Category/);
    expect(within(category).getAllByRole('option')).toHaveLength(10);
    expect(within(category).getByRole('option', { name: '--- Select Category ---' })).toBeInTheDocument();
    expect(within(category).getByRole('option', { name: 'Electronics' })).toHaveValue('electronics');
  });

  it("when a brand is typed, then the box offers the shop's brands and says whether it is known or proposed", async () => {
    const brands = [
      { id: 'h&m', label: 'H&M' },
      { id: 'panasonic', label: 'Panasonic' },
    ];
    const { container } = render(<ProductForm endpoints={endpoints()} onSaved={vi.fn()} brands={brands} />);
    const brand = screen.getByLabelText(/^Brand/);
    const list = container.querySelector(`datalist#${CSS.escape(brand.getAttribute('list')!)}`)!;
    expect([...list.querySelectorAll('option')].map((o) => o.value)).toEqual(['H&M', 'Panasonic']);
    await userEvent.type(brand, 'h and m');
    expect(screen.getByText('Filed under H&M')).toBeInTheDocument();
    await userEvent.clear(brand);
    await userEvent.type(brand, 'Banaras Weaves');
    expect(screen.getByText('New brand: the product is shown once the admin accepts it')).toBeInTheDocument();
  });

  it('when in edit mode, then the form is filled, images can be moved with the keyboard, replaced and removed, and Update Product saves the new order', async () => {
    const ep = endpoints();
    const onSaved = vi.fn();
    const upload = vi.fn().mockResolvedValue('/uploads/products/shoe-new.png');
    render(<ProductForm product={product} endpoints={ep} onSaved={onSaved} upload={upload} />);
    expect(screen.queryByRole('button', { name: 'Add Product' })).not.toBeInTheDocument();
    expect(screen.getByAltText('Image 1 of 3')).toHaveAttribute('src', product.image);
    expect(screen.getByLabelText(/^Title/)).toHaveValue('Running Shoe');
    expect(screen.getByRole('button', { name: 'Move image 1 up' })).toBeDisabled();

    // keyboard only: focus "Move image 3 up", press Enter twice → the sole view becomes the main image
    screen.getByRole('button', { name: 'Move image 3 up' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move image 2 up' })).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    expect(screen.getByAltText('Image 1 of 3')).toHaveAttribute('src', '/uploads/products/shoe-sole.png');
    expect(await screen.findByText('Image moved to position 1 of 3')).toBeInTheDocument();

    await userEvent.upload(
      screen.getByLabelText('Replace image 3'),
      new File([new Uint8Array([137, 80, 78, 71])], 'new.png', { type: 'image/png' }),
    );
    expect(await screen.findByAltText('Image 3 of 3')).toHaveAttribute(
      'src',
      '/uploads/products/shoe-new.png',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Remove image 2' }));
    expect(screen.queryByAltText('Image 3 of 3')).not.toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText(/^Total Stock/));
    await userEvent.type(screen.getByLabelText(/^Total Stock/), '40');
    await userEvent.click(screen.getByRole('button', { name: 'Update Product' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(ep.edit).toHaveBeenCalledWith(
      product._id,
      expect.objectContaining({
        totalStock: 40,
        stockLoaded: 12,
        image: '/uploads/products/shoe-sole.png',
        images: ['/uploads/products/shoe-sole.png', '/uploads/products/shoe-new.png'],
      }),
    );
    expect(ep.add).not.toHaveBeenCalled();
    expect(toast.success).toHaveBeenCalledWith('Product updated Successfully!');
  }, 20_000);

  it('when the server refuses the product, then shows its message and stays open', async () => {
    const ep = endpoints();
    const { AxiosError } = await import('axios');
    ep.edit.mockRejectedValue(
      new AxiosError('x', '403', undefined, undefined, {
        status: 403,
        data: { success: false, message: 'You can only edit your own products', code: 'FORBIDDEN' },
      } as never),
    );
    const onSaved = vi.fn();
    render(<ProductForm product={product} endpoints={ep} onSaved={onSaved} />);
    await userEvent.click(screen.getByRole('button', { name: 'Update Product' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('You can only edit your own products'));
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('when stock moved since the form was loaded (409 STALE_STOCK), then the stock field says the figure now and the next save is based on it', async () => {
    const ep = endpoints();
    const { AxiosError } = await import('axios');
    const message =
      'Stock changed while you were editing (orders were placed or paid): it is now 9. Check the stock figure and save again.';
    ep.edit.mockRejectedValueOnce(
      new AxiosError('x', '409', undefined, undefined, {
        status: 409,
        data: { success: false, message, code: 'STALE_STOCK', details: { currentStock: 9 } },
      } as never),
    );
    const onSaved = vi.fn();
    render(<ProductForm product={product} endpoints={ep} onSaved={onSaved} />);
    await userEvent.clear(screen.getByLabelText(/^Total Stock/));
    await userEvent.type(screen.getByLabelText(/^Total Stock/), '20');
    await userEvent.click(screen.getByRole('button', { name: 'Update Product' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(message));
    expect(
      await screen.findByText(
        'Stock changed while you were editing: it is now 9. Check the figure and save again.',
      ),
    ).toBeInTheDocument();
    expect(onSaved).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Update Product' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(ep.edit).toHaveBeenLastCalledWith(
      product._id,
      expect.objectContaining({ totalStock: 20, stockLoaded: 9 }),
    );
  });

  it('when saving, then Update Product is busy; when the server refuses a field, then its message shows under it', async () => {
    const ep = endpoints();
    const { AxiosError } = await import('axios');
    let refuse = () => {};
    ep.edit.mockReturnValue(
      new Promise((_resolve, reject) => {
        refuse = () =>
          reject(
            new AxiosError('x', '400', undefined, undefined, {
              status: 400,
              data: {
                success: false,
                message: 'title: Title is already used by another of your products',
                code: 'VALIDATION_FAILED',
                errors: {
                  formErrors: [],
                  fieldErrors: { title: ['Title is already used by another of your products'] },
                },
              },
            } as never),
          );
      }),
    );
    render(<ProductForm product={product} endpoints={ep} onSaved={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Update Product' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Update Product' })).toBeDisabled());
    refuse();
    expect(await screen.findByText('Title is already used by another of your products')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Title/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Update Product' })).toBeEnabled();
  });

  it("when the package is edited, then the category's default shows as placeholder, a bad figure says so, and the figures are sent", async () => {
    const ep = endpoints();
    render(<ProductForm product={{ ...product, weightGrams: 950 }} endpoints={ep} onSaved={vi.fn()} />);
    expect(screen.getByLabelText(/^Weight \(g\)/)).toHaveValue(950);
    // footwear ships as 33 × 22 × 12 cm unless told
    expect(screen.getByLabelText(/^Length \(cm\)/)).toHaveAttribute('placeholder', '33');
    expect(screen.getByLabelText(/^Height \(cm\)/)).toHaveAttribute('placeholder', '12');
    await userEvent.type(screen.getByLabelText(/^Length \(cm\)/), '400');
    await userEvent.click(screen.getByRole('button', { name: 'Update Product' }));
    expect(await screen.findByText('Length (cm) is at most 300')).toBeInTheDocument();
    expect(ep.edit).not.toHaveBeenCalled();
    await userEvent.clear(screen.getByLabelText(/^Length \(cm\)/));
    await userEvent.type(screen.getByLabelText(/^Length \(cm\)/), '35');
    await userEvent.click(screen.getByRole('button', { name: 'Update Product' }));
    await waitFor(() => expect(ep.edit).toHaveBeenCalled());
    expect(ep.edit).toHaveBeenCalledWith(
      product._id,
      expect.objectContaining({ weightGrams: 950, lengthCm: 35, widthCm: null, heightCm: null }),
    );
  });
});
