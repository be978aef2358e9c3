/** Shared UI primitives (shop and consoles). Keep the APIs small and stable. */
export { cn, type ClassValue } from './cn';
export { BELOW_FOLD } from './below-fold';
export { Button, buttonClass, type ButtonProps, type ButtonVariant, type ButtonSize } from './button';
export {
  Checkbox,
  Input,
  Select,
  Textarea,
  type InputProps,
  type SelectProps,
  type SelectOption,
  type TextareaProps,
} from './field';
export { Modal, CloseButton, type ModalProps } from './modal';
export { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';
export { Drawer, type DrawerProps } from './drawer';
export { Badge, paymentMethodLabel, StatusBadge, statusTone, statusLabel, type BadgeTone } from './badge';
export { Skeleton, Skeletons, LoadingRegion } from './skeleton';
export { EmptyState, type EmptyStateProps } from './empty-state';
export { LoadFailed } from './load-failed';
export { Spinner } from './spinner';
export { Price, type PriceProps } from './price';
export { ProductImage, ProductThumb, type ProductImageProps, type ProductThumbProps } from './product-image';
export { useFocusTrap } from './use-focus-trap';
export { DetailRows, DetailSection } from './detail-list';
export { TableHead, type TableHeadColumn } from './table-head';
export { DataTable, type DataColumn, type DataTableProps } from './data-table';
