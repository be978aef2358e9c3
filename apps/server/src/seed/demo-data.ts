/** The demo catalogue: 9 categories × 8 products, every one of the 25 brands used at least once. */
import type { Brand, Category } from '@mp/shared';

export interface DemoProduct {
  title: string;
  description: string;
  category: Category;
  brand: Brand;
  price: number;
  salePrice?: number;
  discount: number;
  totalStock: number;
}

export const DEMO_PASSWORD = {
  admin: 'Admin@123',
  shopper: 'Shopper@123',
  seller: 'Seller@123',
};

export const DEMO_USERS = {
  admin: { username: 'Admin', email: 'admin@haat.test' },
  shopper: { username: 'Priya Shopper', email: 'shopper@haat.test' },
  sellers: [
    { username: 'Ravi Kumar', email: 'seller@haat.test', storename: 'Ravi Electronics', status: 'approved' },
    {
      username: 'Meera Shah',
      email: 'seller2@haat.test',
      storename: 'Meera Fashion House',
      status: 'approved',
    },
    { username: 'Arjun Pending', email: 'pending@haat.test', storename: 'Arjun Traders', status: 'pending' },
  ],
} as const;

type Row = [title: string, brand: Brand, price: number, sale: number | 0, discount: number, stock: number];

const ROWS: Record<Category, Row[]> = {
  men: [
    ['Slim Fit Denim Jeans', 'levi', 2999, 2199, 10, 40],
    ['Dri-FIT Running T-Shirt', 'nike', 1795, 1299, 15, 60],
    ['Classic Polo Shirt', 'zara', 2290, 0, 5, 25],
    ['Essentials Hoodie', 'adidas', 3499, 2799, 20, 8],
    ['Cotton Crew Neck Tee', 'h&m', 799, 499, 10, 120],
    ['Training Track Pants', 'puma', 2499, 1749, 12, 35],
    ['Oxford Formal Shirt', 'zara', 2990, 2490, 8, 3],
    ['511 Slim Chinos', 'levi', 3299, 0, 0, 18],
  ],
  women: [
    ['Floral Midi Dress', 'zara', 3590, 2990, 12, 22],
    ['High Rise Skinny Jeans', 'levi', 3199, 2399, 15, 30],
    ['Yoga Leggings', 'nike', 2495, 1995, 10, 45],
    ['Linen Blend Kurta', 'h&m', 1499, 999, 18, 6],
    ['Cropped Denim Jacket', 'h&m', 2999, 0, 5, 14],
    ['Sports Bra Pro', 'puma', 1599, 1199, 20, 50],
    ['Satin Wrap Blouse', 'zara', 2590, 2290, 0, 9],
    ['Ultraboost Track Jacket', 'adidas', 4999, 3999, 25, 11],
  ],
  kids: [
    ['Kids Graphic Tee Pack', 'h&m', 999, 799, 10, 70],
    ['Kids Running Shoes', 'adidas', 2499, 1899, 15, 24],
    ['Kids Denim Dungarees', 'levi', 1999, 0, 8, 16],
    ['Kids Smart Watch', 'noise', 2999, 1999, 30, 13],
    ['Kids Hoodie', 'puma', 1799, 1299, 12, 0],
    ['Kids Sandals', 'nike', 1495, 1195, 5, 42],
    ['Kids Party Dress', 'zara', 2290, 1890, 18, 7],
    ['Kids Digital Watch', 'casio', 1295, 995, 10, 28],
  ],
  accessories: [
    ['Analog Leather Watch', 'fastrack', 2495, 1795, 20, 33],
    ['G-Shock Digital Watch', 'casio', 8995, 7995, 10, 12],
    ['Airdopes 141 Earbuds', 'boat', 4490, 1299, 35, 90],
    ['ColorFit Pro Smartwatch', 'noise', 5999, 2999, 40, 55],
    ['Aviator Sunglasses', 'fastrack', 1599, 1199, 15, 4],
    ['Leather Wallet', 'levi', 1499, 1099, 10, 48],
    ['Rockerz Headphones', 'boat', 3990, 1499, 45, 65],
    ['Galaxy Watch 6', 'samsung', 32999, 26999, 15, 10],
  ],
  footwear: [
    ['Air Max Sneakers', 'nike', 10795, 8995, 12, 19],
    ['Ultraboost Running Shoes', 'adidas', 17999, 12599, 25, 9],
    ['Suede Classic Sneakers', 'puma', 6999, 4199, 30, 27],
    ['Revolution 6 Runners', 'nike', 3695, 2995, 10, 38],
    ['Canvas Slip-ons', 'h&m', 1499, 999, 12, 60],
    ['Leather Loafers', 'zara', 4990, 3990, 15, 5],
    ['Flip Flops', 'puma', 999, 699, 10, 140],
    ['Trail Hiking Boots', 'adidas', 8999, 0, 5, 2],
  ],
  mobile: [
    ['iPhone 15 Mobile 128GB', 'apple', 79900, 69900, 5, 14],
    ['Galaxy S24 Mobile', 'samsung', 79999, 64999, 12, 20],
    ['OnePlus 12 Mobile', 'oneplus', 64999, 59999, 8, 25],
    ['Redmi Note 13 Pro Mobile', 'xiaomi', 25999, 21999, 15, 40],
    ['Realme 12 Pro Mobile', 'realme', 25999, 22999, 10, 32],
    ['Vivo V30 Mobile', 'vivo', 33999, 29999, 12, 18],
    ['Oppo Reno 11 Mobile', 'oppo', 29999, 26999, 10, 7],
    ['Moto Edge 50 Mobile', 'motorola', 27999, 22999, 18, 26],
  ],
  appliances: [
    ['Double Door Refrigerator', 'godrej', 42990, 34990, 18, 8],
    ['1.5 Ton Split Airconditioner', 'voltas', 46990, 35990, 22, 6],
    ['Inverter Airconditioner 1 Ton', 'bluestar', 39990, 32490, 15, 11],
    ['Microwave Oven 23L', 'panasonic', 9990, 7990, 20, 17],
    ['Front Load Washing Machine', 'lg', 38990, 31990, 18, 9],
    ['Mixer Grinder 750W', 'philips', 4995, 3495, 25, 44],
    ['Single Door Freeze Refrigerator', 'lg', 18990, 15990, 15, 13],
    ['Air Fryer XL', 'philips', 9995, 6995, 30, 21],
  ],
  electronics: [
    ['MacBook Air M3 Laptop', 'apple', 114900, 104900, 8, 10],
    ['Galaxy Book4 Laptop', 'samsung', 74990, 64990, 12, 12],
    ['55 inch 4K Smart TV', 'lg', 64990, 47990, 26, 15],
    ['43 inch Android TV', 'xiaomi', 32999, 24999, 24, 22],
    ['Ink Tank Printer', 'panasonic', 13999, 10999, 20, 9],
    ['Dual Band WiFi Router', 'tecno', 3499, 2499, 28, 36],
    ['Smart TV 32 inch', 'tecno', 14999, 10999, 25, 4],
    ['Soundbar with Subwoofer', 'philips', 12990, 8990, 30, 18],
  ],
  fashion: [
    ['Quilted Crossbody Bag', 'zara', 3990, 2990, 20, 16],
    ['Printed Silk Scarf', 'h&m', 1299, 899, 15, 34],
    ['Canvas Backpack', 'adidas', 2999, 1999, 25, 29],
    ['Retro Sports Cap', 'puma', 999, 749, 10, 80],
    ['Leather Belt', 'levi', 1799, 1299, 12, 45],
    ['Tote Bag', 'h&m', 1499, 0, 0, 52],
    ['Analog Casual Watch', 'casio', 2995, 2495, 8, 23],
    ['Travel Duffel Bag', 'nike', 3995, 2995, 18, 5],
  ],
};

const BLURB: Record<Category, string> = {
  men: 'Comfortable, durable menswear cut for everyday wear.',
  women: 'A wardrobe favourite with a flattering fit and soft fabric.',
  kids: 'Made for play: soft, tough and easy to wash.',
  accessories: 'The finishing touch for every outfit, built to last.',
  footwear: 'Cushioned comfort and grip for all-day wear.',
  mobile: 'A fast, smooth smartphone with a brilliant display and all-day battery.',
  appliances: 'Energy efficient and reliable for the Indian home.',
  electronics: 'Sharp performance and long warranty support across India.',
  fashion: 'Everyday style that goes with everything.',
};

export const DEMO_PRODUCTS: DemoProduct[] = (Object.keys(ROWS) as Category[]).flatMap((category) =>
  ROWS[category].map(([title, brand, price, sale, discount, totalStock]) => ({
    title,
    description: `${title}. ${BLURB[category]}`,
    category,
    brand,
    price,
    ...(sale ? { salePrice: sale } : {}),
    discount,
    totalStock,
  })),
);

export const DEMO_BANNERS = [
  {
    heading: 'Big Festive Sale',
    sub: 'Up to 60% off on top brands',
    seed: 'festive',
    ctaLabel: 'Shop offers',
    ctaLink: '/shop/listing',
  },
  {
    heading: 'New Season Styles',
    sub: 'Fresh fashion for men, women and kids',
    seed: 'fashion!',
    ctaLabel: 'Shop fashion',
    ctaLink: '/shop/listing?category=men,women,kids',
  },
  {
    heading: 'Electronics Week',
    sub: 'Laptops, TVs and mobiles at the best prices',
    seed: 'tech',
    ctaLabel: 'Shop electronics',
    ctaLink: '/shop/listing?category=electronics',
  },
];

export const DEMO_REVIEWS = [
  { rating: 5, text: 'Excellent quality, exactly as described. Fast delivery too!' },
  { rating: 4, text: 'Very good value for money. Would buy again.' },
  { rating: 3, text: 'Decent product, packaging could be better.' },
  { rating: 5, text: 'Loved it! Highly recommended.' },
  { rating: 4, text: 'Good product, fits well.' },
];
