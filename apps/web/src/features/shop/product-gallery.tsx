/**
 * The product page's pictures (docs/images.md, "Several images per product"): the chosen picture large, thumbnails
 * to pick another, ← / → keys and swipes to step through them, and a zoomed view that shows the largest stored
 * width (1280 px). Every box has its size before the picture loads, so nothing moves.
 */
import { useRef, useState, type KeyboardEvent, type ReactNode, type TouchEvent } from 'react';
import { PRODUCT_IMAGE_SIZES, responsiveImage } from '@mp/shared/images';
import { Modal, ProductImage, cn } from '../../components/ui';

/** a horizontal move of at least this many CSS pixels (and more sideways than down) is a swipe */
const SWIPE_PX = 40;

export interface ProductGalleryProps {
  /** the picture URLs in order (the first is the product's main picture) */
  images: string[];
  title: string;
  /** drawn over the large picture (badges, wishlist heart) */
  overlay?: ReactNode;
}

const ChevronIcon = ({ dir }: { dir: 'left' | 'right' }) => (
  <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden>
    <path d={dir === 'left' ? 'm15 18-6-6 6-6' : 'm9 18 6-6-6-6'} />
  </svg>
);

export function ProductGallery({ images, title, overlay }: ProductGalleryProps) {
  const list = images.length ? images : [''];
  const [index, setIndex] = useState(0);
  const [zoomed, setZoomed] = useState(false);
  const touch = useRef<{ x: number; y: number } | null>(null);
  const count = list.length;
  const current = Math.min(index, count - 1);
  const go = (delta: number) => setIndex((i) => (Math.min(i, count - 1) + delta + count) % count);
  const nameOf = (i: number) => (count > 1 ? `${title}, image ${i + 1} of ${count}` : title);

  const onKeyDown = (e: KeyboardEvent) => {
    if (count < 2) return;
    if (e.key === 'ArrowRight') go(1);
    else if (e.key === 'ArrowLeft') go(-1);
    else if (e.key === 'Home') setIndex(0);
    else if (e.key === 'End') setIndex(count - 1);
    else return;
    e.preventDefault();
  };
  const onTouchStart = (e: TouchEvent) => {
    const t = e.touches[0];
    touch.current = t ? { x: t.clientX, y: t.clientY } : null;
  };
  const onTouchEnd = (e: TouchEvent) => {
    const start = touch.current;
    const t = e.changedTouches[0];
    touch.current = null;
    if (!start || !t || count < 2) return;
    const dx = t.clientX - start.x;
    if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(t.clientY - start.y)) go(dx < 0 ? 1 : -1);
  };
  const swipe = { onTouchStart, onTouchEnd };
  const zoomSize = responsiveImage(list[current] ?? '');

  const stepButton = (dir: 'left' | 'right', className: string) => (
    <button
      type="button"
      onClick={() => go(dir === 'left' ? -1 : 1)}
      aria-label={dir === 'left' ? 'Previous image' : 'Next image'}
      className={cn(
        'absolute top-1/2 flex h-11 w-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-gray-900 shadow ring-1 ring-gray-200 hover:bg-white',
        className,
      )}
    >
      <ChevronIcon dir={dir} />
    </button>
  );

  return (
    <div
      role="region"
      aria-roledescription="gallery"
      aria-label={`Images of ${title}`}
      onKeyDown={onKeyDown}
      className="flex flex-col gap-3"
      data-testid="product-gallery"
    >
      <div className="relative overflow-hidden rounded-xl border border-gray-200 bg-white" {...swipe}>
        <button
          type="button"
          onClick={() => setZoomed(true)}
          aria-label={`Zoom: ${nameOf(current)}`}
          className="block w-full cursor-zoom-in"
          data-testid="gallery-main"
        >
          <ProductImage
            key={list[current]}
            src={list[current]}
            alt={nameOf(current)}
            width={800}
            height={800}
            priority={current === 0}
            // the same sizes the server's preload of the first picture names (docs/images.md)
            sizes={PRODUCT_IMAGE_SIZES}
            className="aspect-square w-full"
          />
        </button>
        {overlay}
        {count > 1 && (
          <>
            {stepButton('left', 'left-2')}
            {stepButton('right', 'right-2')}
            <p className="sr-only" aria-live="polite">
              {`Image ${current + 1} of ${count}`}
            </p>
          </>
        )}
      </div>
      {count > 1 && (
        <ul className="flex gap-2 overflow-x-auto pb-1" aria-label="Choose an image">
          {list.map((url, i) => (
            <li key={url} className="shrink-0">
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-label={`Show image ${i + 1} of ${count}`}
                aria-current={i === current ? 'true' : undefined}
                className={cn(
                  'block overflow-hidden rounded-md border-2 bg-white',
                  i === current ? 'border-brand-600' : 'border-gray-200 hover:border-gray-400',
                )}
              >
                <ProductImage src={url} alt="" width={64} height={64} sizes="64px" className="h-16 w-16" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <Modal open={zoomed} onClose={() => setZoomed(false)} title={nameOf(current)} size="xl">
        {/* arrow keys reach the gallery's handler: React events bubble out of the portal */}
        <div className="relative" {...swipe} data-testid="gallery-zoom">
          {/* the largest stored width (1280 px) whatever the screen: this view is for looking closely */}
          <ProductImage
            key={list[current]}
            src={list[current]}
            alt={nameOf(current)}
            width={zoomSize.width ?? 1280}
            height={zoomSize.height ?? 1280}
            priority
            sizes="1280px"
            className="mx-auto h-auto max-h-[75vh] w-auto max-w-full object-contain"
          />
          {count > 1 && (
            <>
              {stepButton('left', 'left-0')}
              {stepButton('right', 'right-0')}
            </>
          )}
        </div>
      </Modal>
    </div>
  );
}
