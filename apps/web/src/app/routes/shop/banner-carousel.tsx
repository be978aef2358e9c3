/** Home banner carousel (35vh): rotates every 5 s, with previous/next, dots and a pause button; pauses on hover/focus. */
import { useEffect, useState } from 'react';
import type { BannerDto } from '@mp/shared';
import { ChevronLeft, ChevronRight, PauseIcon, PlayIcon } from '../../../components/icons';
import { cn, ProductImage, Skeleton } from '../../../components/ui';

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
              alt={`Offer banner ${i + 1}`}
              width={1600}
              height={500}
              priority={i === 0}
              sizes="100vw"
              className="h-full w-full"
            />
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
          <div className="absolute bottom-3 left-1/2 flex -translate-x-1/2 items-center gap-2 rounded-full bg-gray-950/50 px-3 py-1.5">
            <button
              type="button"
              onClick={() => setPaused((p) => !p)}
              aria-label={paused ? 'Play slideshow' : 'Pause slideshow'}
              className="flex h-6 w-6 items-center justify-center text-white"
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
                className="flex h-6 min-w-6 items-center justify-center"
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
