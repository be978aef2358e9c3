/**
 * Home banner carousel (35vh): rotates every 5 s, with previous/next, dots and a pause button; pauses on hover/focus.
 * A banner's message (title, subtitle, button) is HTML over the picture, so no crop on any screen cuts it; phones
 * get the admin's art-directed image when there is one (docs/images.md).
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { BANNER_SIZES_ATTR } from '@mp/shared/images';
import type { BannerDto } from '@mp/shared';
import { ChevronLeft, ChevronRight, PauseIcon, PlayIcon } from '../../../components/icons';
import { cn, ProductImage, Skeleton } from '../../../components/ui';

function BannerMessage({ banner: b, current }: { banner: BannerDto; current: boolean }) {
  return (
    <div
      data-testid="banner-message"
      className="absolute inset-0 flex items-end bg-gradient-to-t from-gray-950/75 via-gray-950/30 to-transparent px-14 pb-12 sm:items-center sm:bg-gradient-to-r sm:from-gray-950/70 sm:via-gray-950/30 sm:pb-0 sm:pl-20"
    >
      <div className="max-w-xl text-white">
        {b.title && <p className="text-xl font-extrabold leading-tight drop-shadow sm:text-4xl">{b.title}</p>}
        {b.subtitle && <p className="mt-1 text-sm drop-shadow sm:mt-2 sm:text-lg">{b.subtitle}</p>}
        {b.ctaLabel && b.ctaLink && (
          <Link
            to={b.ctaLink}
            tabIndex={current ? undefined : -1}
            className="mt-3 inline-flex min-h-11 items-center rounded-md bg-accent-500 px-5 text-sm font-bold text-gray-950 shadow hover:brightness-110 focus-visible:outline focus-visible:outline-2 focus-visible:outline-white"
          >
            {b.ctaLabel}
          </Link>
        )}
      </div>
    </div>
  );
}

export function BannerCarousel({ banners, loading }: { banners: BannerDto[]; loading: boolean }) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [hover, setHover] = useState(false);
  const n = banners.length;
  useEffect(() => {
    if (n < 2 || paused || hover) return;
    const t = setInterval(() => setIndex((i) => (i + 1) % n), 5000);
    return () => clearInterval(t);
  }, [n, paused, hover]);
  if (loading && n === 0) return <Skeleton className="h-[35vh] w-full rounded-xl" />;
  if (n === 0) {
    return (
      <div className="flex h-[35vh] items-center justify-center rounded-xl bg-gradient-to-r from-brand-700 to-brand-500 text-white">
        <p className="text-2xl font-bold">Big savings on every category</p>
      </div>
    );
  }
  const go = (i: number) => setIndex((i + n) % n);
  return (
    <section
      aria-roledescription="carousel"
      aria-label="Offers"
      className="relative h-[35vh] overflow-hidden rounded-xl bg-gray-200"
      onMouseEnter={() => setHover(true)}
      onMouseLeave={() => setHover(false)}
      onFocus={() => setHover(true)}
      onBlur={() => setHover(false)}
      onKeyDown={(e) => {
        if (e.key === 'ArrowLeft') go(index - 1);
        if (e.key === 'ArrowRight') go(index + 1);
      }}
    >
      <div aria-live={paused ? 'polite' : 'off'} className="h-full">
        {banners.map((b, i) => (
          <div
            key={b._id}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${n}`}
            aria-hidden={i !== index}
            className={cn(
              'absolute inset-0 transition-opacity duration-700',
              i === index ? 'opacity-100' : 'opacity-0',
            )}
          >
            <ProductImage
              src={b.image}
              mobileSrc={b.mobileImage}
              // the message is the text below; a banner without one is described by its number
              alt={b.title ? '' : `Offer banner ${i + 1}`}
              width={1600}
              height={500}
              priority={i === 0}
              sizes={BANNER_SIZES_ATTR}
              className="h-full w-full"
            />
            {(b.title || b.subtitle || b.ctaLabel) && <BannerMessage banner={b} current={i === index} />}
          </div>
        ))}
      </div>
      {n > 1 && (
        <>
          <button
            type="button"
            aria-label="Previous slide"
            onClick={() => go(index - 1)}
            className="absolute left-3 top-1/2 flex h-10 w-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-gray-900 shadow hover:bg-white"
          >
            <ChevronLeft />
          </button>
          <button
            type="button"
            aria-label="Next slide"
            onClick={() => go(index + 1)}
            className="absolute right-3 top-1/2 flex h-10 w-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-gray-900 shadow hover:bg-white"
          >
            <ChevronRight />
          </button>
          <div className="absolute bottom-3 left-1/2 flex -translate-x-1/2 items-center gap-2 rounded-full bg-gray-950/50 px-3 py-1.5 max-lg:bottom-1 max-lg:gap-0 max-lg:px-1 max-lg:py-0">
            <button
              type="button"
              onClick={() => setPaused((p) => !p)}
              aria-label={paused ? 'Play slideshow' : 'Pause slideshow'}
              className="flex h-6 w-6 items-center justify-center text-white max-lg:h-11 max-lg:w-11"
            >
              {paused ? <PlayIcon width={14} height={14} /> : <PauseIcon width={14} height={14} />}
            </button>
            {banners.map((b, i) => (
              <button
                key={b._id}
                type="button"
                aria-label={`Go to slide ${i + 1}`}
                aria-current={i === index}
                onClick={() => go(i)}
                className="flex h-6 min-w-6 items-center justify-center max-lg:h-11 max-lg:min-w-11"
              >
                <span
                  aria-hidden
                  className={cn(
                    'h-2.5 rounded-full transition-all',
                    i === index ? 'w-6 bg-white' : 'w-2.5 bg-white/60',
                  )}
                />
              </button>
            ))}
          </div>
        </>
      )}
    </section>
  );
}
