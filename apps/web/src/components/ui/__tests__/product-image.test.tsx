import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProductImage } from '../product-image';

const ID = '0b5e6d8a-1c2f-4a3b-9d4e-5f6a7b8c9d0e';

describe('ProductImage', () => {
  it('when the image came through the pipeline, then a WebP source and a JPEG srcset with sizes, width and height', () => {
    const { container } = render(
      <ProductImage
        src={`/uploads/products/${ID}_1280x960.jpg`}
        alt="Shoe"
        width={400}
        height={400}
        sizes="50vw"
      />,
    );
    const img = screen.getByRole('img', { name: 'Shoe' });
    expect(img.getAttribute('src')).toBe(`/uploads/products/${ID}_1280x960.jpg`);
    expect(img.getAttribute('srcset')).toBe(
      `/uploads/products/${ID}_1280x960_w320.jpg 320w, /uploads/products/${ID}_1280x960_w640.jpg 640w, /uploads/products/${ID}_1280x960.jpg 1280w`,
    );
    expect(img.getAttribute('sizes')).toBe('50vw');
    expect(img.getAttribute('width')).toBe('400');
    expect(img.getAttribute('height')).toBe('400');
    const source = container.querySelector('picture > source')!;
    expect(source.getAttribute('type')).toBe('image/webp');
    expect(source.getAttribute('srcset')).toBe(
      `/uploads/products/${ID}_1280x960_w320.webp 320w, /uploads/products/${ID}_1280x960_w640.webp 640w, /uploads/products/${ID}_1280x960.webp 1280w`,
    );
    expect(source.getAttribute('sizes')).toBe('50vw');
  });

  it('when a small image is shown, then no width above its own is offered (never enlarged) and sizes defaults to the box', () => {
    render(<ProductImage src={`/uploads/demo/${ID}_400x400.png`} alt="Logo" width={48} height={48} />);
    const img = screen.getByRole('img', { name: 'Logo' });
    expect(img.getAttribute('srcset')).toBe(
      `/uploads/demo/${ID}_400x400_w320.png 320w, /uploads/demo/${ID}_400x400.png 400w`,
    );
    expect(img.getAttribute('sizes')).toBe('48px');
  });

  it('when the image is on Cloudinary, then the srcset asks Cloudinary for each width in the automatic format', () => {
    const url = `https://res.cloudinary.com/demo/image/upload/v17/products/${ID}_640x480.png`;
    const { container } = render(<ProductImage src={url} alt="Cam" width={400} height={300} />);
    const img = screen.getByRole('img', { name: 'Cam' });
    expect(img.getAttribute('src')).toBe(
      `https://res.cloudinary.com/demo/image/upload/c_limit,w_640,f_auto,q_auto/v17/products/${ID}_640x480.png`,
    );
    expect(img.getAttribute('srcset')).toMatch(
      /c_limit,w_320,f_auto,q_auto\/v17\/.* 320w, .*c_limit,w_640,f_auto,q_auto.* 640w$/,
    );
    expect(container.querySelector('source')).toBeNull();
  });

  it('when an older product has a plain URL, then a plain img with width and height and no srcset', () => {
    const { container } = render(
      <ProductImage src="/uploads/products/shoe.png" alt="Old" width={400} height={400} sizes="50vw" />,
    );
    const img = screen.getByRole('img', { name: 'Old' });
    expect(img.getAttribute('src')).toBe('/uploads/products/shoe.png');
    expect(img.hasAttribute('srcset')).toBe(false);
    expect(img.hasAttribute('sizes')).toBe(false);
    expect(img.getAttribute('width')).toBe('400');
    expect(container.querySelector('picture')).toBeNull();
  });
});
