/** Inline SVG icons (no icon font, no network). All are decorative: aria-hidden. */
import type { SVGProps } from 'react';

type P = SVGProps<SVGSVGElement>;
/** The stroke style every inline icon shares (20 px unless the caller sizes it). */
export const iconBase = (p: P) => ({
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
  width: 20,
  height: 20,
  ...p,
});

export const SearchIcon = (p: P) => (
  <svg {...iconBase(p)}>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </svg>
);
export const CartIcon = (p: P) => (
  <svg {...iconBase(p)}>
    <circle cx="9" cy="20" r="1.5" />
    <circle cx="18" cy="20" r="1.5" />
    <path d="M2 3h3l2.7 12.4a1.5 1.5 0 0 0 1.5 1.1h8.9a1.5 1.5 0 0 0 1.4-1.1L22 7H6" />
  </svg>
);
export const HeartIcon = ({ filled, ...p }: P & { filled?: boolean }) => (
  <svg {...iconBase(p)} fill={filled ? 'currentColor' : 'none'}>
    <path d="M12 21s-7.5-4.6-9.6-9.2C.9 8.5 3 4.5 6.8 4.5c2.2 0 3.7 1.3 5.2 3.1 1.5-1.8 3-3.1 5.2-3.1 3.8 0 5.9 4 4.4 7.3C19.5 16.4 12 21 12 21Z" />
  </svg>
);
export const MenuIcon = (p: P) => (
  <svg {...iconBase(p)}>
    <path d="M3 6h18M3 12h18M3 18h18" />
  </svg>
);
export const UserIcon = (p: P) => (
  <svg {...iconBase(p)}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" />
  </svg>
);
export const StoreIcon = (p: P) => (
  <svg {...iconBase(p)}>
    <path d="M3 9 4.5 4h15L21 9M3 9v11h18V9M3 9h18M9 20v-6h6v6" />
  </svg>
);
export const StarIcon = ({ filled, ...p }: P & { filled?: boolean }) => (
  <svg {...iconBase(p)} fill={filled ? 'currentColor' : 'none'}>
    <path d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1.1 6.2L12 17.3 6.4 20.2l1.1-6.2L3 9.6l6.2-.9L12 3Z" />
  </svg>
);
export const TrashIcon = (p: P) => (
  <svg {...iconBase(p)}>
    <path d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13" />
  </svg>
);
export const FilterIcon = (p: P) => (
  <svg {...iconBase(p)}>
    <path d="M3 5h18l-7 8v6l-4 2v-8L3 5Z" />
  </svg>
);
export const ChevronLeft = (p: P) => (
  <svg {...iconBase(p)}>
    <path d="m15 18-6-6 6-6" />
  </svg>
);
export const ChevronRight = (p: P) => (
  <svg {...iconBase(p)}>
    <path d="m9 18 6-6-6-6" />
  </svg>
);
export const PauseIcon = (p: P) => (
  <svg {...iconBase(p)}>
    <path d="M9 5v14M15 5v14" />
  </svg>
);
export const PlayIcon = (p: P) => (
  <svg {...iconBase(p)}>
    <path d="m7 4 13 8-13 8V4Z" />
  </svg>
);
export const CheckCircleIcon = (p: P) => (
  <svg {...iconBase(p)}>
    <circle cx="12" cy="12" r="9" />
    <path d="m8 12 3 3 5-6" />
  </svg>
);
export const XCircleIcon = (p: P) => (
  <svg {...iconBase(p)}>
    <circle cx="12" cy="12" r="9" />
    <path d="m9 9 6 6M15 9l-6 6" />
  </svg>
);
export const LogoutIcon = (p: P) => (
  <svg {...iconBase(p)}>
    <path d="M15 4h4a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1h-4M10 17l5-5-5-5M15 12H3" />
  </svg>
);
export const MapPinIcon = (p: P) => (
  <svg {...iconBase(p)}>
    <path d="M12 21s7-6.1 7-12a7 7 0 1 0-14 0c0 5.9 7 12 7 12Z" />
    <circle cx="12" cy="9" r="2.5" />
  </svg>
);
export const BoxIcon = (p: P) => (
  <svg {...iconBase(p)}>
    <path d="m3 7 9-4 9 4-9 4-9-4Zm0 0v10l9 4 9-4V7M12 11v10" />
  </svg>
);
