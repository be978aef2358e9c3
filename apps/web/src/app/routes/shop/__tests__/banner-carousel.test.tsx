import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import type { BannerDto } from '@mp/shared';
import { BannerCarousel } from '../banner-carousel';

const ID = '0b5e6d8a-1c2f-4a3b-9d4e-5f6a7b8c9d0e';

const banner = (over: Partial<BannerDto>): BannerDto => ({
  _id: 'x',
  image: '',
  mobileImage: null,
  title: '',
  subtitle: '',
  ctaLabel: '',
  ctaLink: '',
  createdAt: '2025-01-01T00:00:00.000Z',
  ...over,
});

describe('BannerCarousel', () => {
  it('when a banner has a message and a phone image, then the message is text over the picture and phones get their own image', () => {
    const { container } = render(
      <MemoryRouter>
        <BannerCarousel
          loading={false}
          banners={[
            banner({
              _id: 'a',
              image: `/uploads/demo/${ID}_1920x480.jpg`,
              mobileImage: `/uploads/demo/${ID}_1200x900.jpg`,
              title: 'Big Festive Sale',
              subtitle: 'Up to 60% off',
              ctaLabel: 'Shop offers',
              ctaLink: '/shop/listing?category=electronics',
            }),
          ]}
        />
      </MemoryRouter>,
    );
    expect(screen.getByText('Big Festive Sale')).toBeTruthy();
    expect(screen.getByText('Up to 60% off')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Shop offers' }).getAttribute('href')).toBe(
      '/shop/listing?category=electronics',
    );
    const narrow = [...container.querySelectorAll('source[media="(max-width: 639px)"]')];
    expect(narrow.map((s) => s.getAttribute('srcset')).join(' ')).toContain(`${ID}_1200x900_w640`);
    // the picture only illustrates: its message is the text above
    expect(container.querySelector('img')!.getAttribute('alt')).toBe('');
  });

  it('when banners came through the pipeline, then the first is eager with a full-width srcset', () => {
    render(
      <BannerCarousel
        loading={false}
        banners={[
          banner({ _id: 'a', image: `/uploads/demo/${ID}_1280x400.jpg` }),
          banner({ _id: 'b', image: 'https://example.com/old-banner.jpg' }),
        ]}
      />,
    );
    const [first, second] = screen.getAllByRole('img', { hidden: true }) as HTMLImageElement[];
    expect(first!.getAttribute('srcset')).toContain(`${ID}_1280x400_w640.jpg 640w`);
    expect(first!.getAttribute('sizes')).toBe('100vw');
    expect(first!.getAttribute('loading')).toBe('eager');
    expect(first!.getAttribute('width')).toBe('1600');
    expect(second!.getAttribute('src')).toBe('https://example.com/old-banner.jpg');
    expect(second!.hasAttribute('srcset')).toBe(false);
  });
});
