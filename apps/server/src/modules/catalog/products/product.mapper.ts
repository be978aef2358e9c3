import { toProductImage, toRupees, type ProductDto, type ProductOption } from '@mp/shared';
import { products } from '../../../db/schema';

/** The columns every product answer needs (never the search vector). */
export const productColumns = {
  id: products.id,
  title: products.title,
  description: products.description,
  category: products.category,
  brand: products.brand,
  pricePaise: products.pricePaise,
  salePricePaise: products.salePricePaise,
  discount: products.discount,
  totalStock: products.totalStock,
  image: products.image,
  images: products.images,
  sellerId: products.sellerId,
  ratingSum: products.ratingSum,
  reviewCount: products.reviewCount,
  popularity: products.popularity,
  createdAt: products.createdAt,
  bestSeller: products.bestSeller,
  options: products.options,
  maxEffectivePricePaise: products.maxEffectivePricePaise,
};

export interface ProductRow {
  id: string;
  title: string;
  description: string;
  category: string;
  brand: string;
  pricePaise: number;
  salePricePaise: number | null;
  discount: number;
  totalStock: number;
  image: string;
  images: string[];
  sellerId: string | null;
  ratingSum: number;
  reviewCount: number;
  popularity: number;
  createdAt: Date | string;
  bestSeller: boolean;
  /** read by the consoles' lists only */
  brandPending?: boolean;
  /** read by the consoles' lists only (docs/tax.md) */
  hsn?: string | null;
  gstRate?: number | null;
  weightGrams?: number | null;
  lengthCm?: number | null;
  widthCm?: number | null;
  heightCm?: number | null;
  options: ProductOption[];
  maxEffectivePricePaise: number;
}

/** Average stars to one decimal; 0 when nobody has reviewed yet. */
export const averageReview = (ratingSum: number, reviewCount: number): number =>
  reviewCount > 0 ? Math.round((ratingSum / reviewCount) * 10) / 10 : 0;

export function toProductDto(p: ProductRow): ProductDto {
  return {
    _id: p.id,
    title: p.title,
    description: p.description,
    category: p.category,
    brand: p.brand,
    price: toRupees(p.pricePaise),
    salePrice: p.salePricePaise == null ? null : toRupees(p.salePricePaise),
    discount: p.discount,
    totalStock: p.totalStock,
    image: p.image,
    images: p.images.map(toProductImage),
    sellerId: p.sellerId,
    averageReview: averageReview(Number(p.ratingSum), Number(p.reviewCount)),
    reviewCount: Number(p.reviewCount),
    popularity: Number(p.popularity),
    createdAt: (p.createdAt instanceof Date ? p.createdAt : new Date(p.createdAt)).toISOString(),
    bestSeller: Boolean(p.bestSeller),
    ...(p.brandPending ? { brandPending: true } : {}),
    ...(p.hsn !== undefined ? { hsn: p.hsn, gstRate: p.gstRate ?? null } : {}),
    ...(p.weightGrams !== undefined
      ? {
          weightGrams: p.weightGrams,
          lengthCm: p.lengthCm ?? null,
          widthCm: p.widthCm ?? null,
          heightCm: p.heightCm ?? null,
        }
      : {}),
    options: p.options,
    maxPrice: toRupees(Number(p.maxEffectivePricePaise)),
  };
}
