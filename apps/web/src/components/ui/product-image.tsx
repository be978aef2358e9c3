/**
 * Product and banner image: lazy by default, explicit width/height (no layout shift), a neutral fallback on error.
 * Images stored by the image pipeline get a WebP `<source>` and a fallback `srcset` with `sizes`, so the browser
 * downloads the width it needs (docs/images.md); any other URL is shown as a plain `<img>`.
 */
import { useState, type ImgHTMLAttributes } from 'react';
import { NARROW_SCREEN_MEDIA, responsiveImage } from '@mp/shared';
import { cn } from './cn';

export interface ProductImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> {
  src: string | null | undefined;
  alt: string;
  width: number;
  height: number;
  /** eager + high priority for the largest image above the fold */
  priority?: boolean;
  /** how wide the image is shown (`sizes`); default: `width` CSS pixels */
  sizes?: string;
  /** an art-directed image for narrow screens (below 640 px), e.g. a banner's phone crop */
  mobileSrc?: string | null;
}

export function ProductImage({
  src,
  alt,
  width,
  height,
  priority,
  className,
  sizes,
  mobileSrc,
  ...rest
}: ProductImageProps) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <div
        role="img"
        aria-label={alt}
        style={{ aspectRatio: `${width} / ${height}` }}
        className={cn('flex items-center justify-center bg-gray-100 text-gray-400', className)}
      >
        <svg
          viewBox="0 0 24 24"
          className="h-1/4 w-1/4"
          fill="none"
          stroke="currentColor"
          strokeWidth={1.5}
          aria-hidden
        >
          <rect x="3" y="4" width="18" height="16" rx="2" />
          <circle cx="9" cy="10" r="2" />
          <path d="m21 16-5-5-9 9" />
        </svg>
      </div>
    );
  }
  const image = responsiveImage(src);
  const shownSizes = image.srcSet ? (sizes ?? `${width}px`) : undefined;
  const img = (
    <img
      src={image.src}
      srcSet={image.srcSet}
      sizes={shownSizes}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={priority ? 'high' : undefined}
      onError={() => setFailed(true)}
      className={cn('bg-gray-100 object-cover', className)}
      {...rest}
    />
  );
  const mobile = mobileSrc ? responsiveImage(mobileSrc) : null;
  if (!image.webpSrcSet && !mobile) return img;
  // `contents`: the <picture> adds no box, so the <img> keeps its place in the layout
  return (
    <picture className="contents">
      {mobile?.webpSrcSet && (
        <source media={NARROW_SCREEN_MEDIA} type="image/webp" srcSet={mobile.webpSrcSet} sizes="100vw" />
      )}
      {mobile && (
        <source
          media={NARROW_SCREEN_MEDIA}
          srcSet={mobile.srcSet ?? mobile.src}
          sizes={mobile.srcSet ? '100vw' : undefined}
        />
      )}
      {image.webpSrcSet && <source type="image/webp" srcSet={image.webpSrcSet} sizes={shownSizes} />}
      {img}
    </picture>
  );
}

export interface ProductThumbProps extends Omit<ProductImageProps, 'src' | 'alt' | 'width' | 'height'> {
  /** what is pictured: its image and its title (the picture's text) */
  item: { image?: string | null; title: string };
  /** width in CSS pixels; the picture is square unless `height` says otherwise */
  size: number;
  height?: number;
}

/** An item's picture in a list (cart and order lines, wishlist, stock lists, product grids). */
export function ProductThumb({ item, size, height = size, ...rest }: ProductThumbProps) {
  return <ProductImage src={item.image} alt={item.title} width={size} height={height} {...rest} />;
}
