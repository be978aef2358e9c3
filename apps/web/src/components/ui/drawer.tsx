/** A slide-in panel (offcanvas) from the left or right: for menus and filters below 992px, or side forms. */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { cn } from './cn';
import { DIALOG_LOOKS, DialogParts } from './modal';
import { useFocusTrap } from './use-focus-trap';

export interface DrawerProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  side?: 'left' | 'right';
  /** Tailwind width class; default w-80 (the admin product panel uses 'w-[500px]') */
  widthClass?: string;
  footer?: ReactNode;
}

export function Drawer({
  open,
  onClose,
  title,
  children,
  side = 'left',
  widthClass = 'w-80',
  footer,
}: DrawerProps) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  // keep mounted for the slide-out transition
  const [mounted, setMounted] = useState(open);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (open) {
      setMounted(true);
      const t = requestAnimationFrame(() => setShown(true));
      return () => cancelAnimationFrame(t);
    }
    setShown(false);
    const t = setTimeout(() => setMounted(false), 200);
    return () => clearTimeout(t);
  }, [open]);
  useFocusTrap(ref, open && mounted, onClose);
  if (!mounted) return null;
  return createPortal(
    <div className="fixed inset-0 z-50">
      <div
        aria-hidden
        onClick={onClose}
        className={cn(
          'absolute inset-0 bg-gray-950/50 transition-opacity duration-200',
          shown ? 'opacity-100' : 'opacity-0',
        )}
      />
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={cn(
          'absolute inset-y-0 flex max-w-[100vw] flex-col bg-white shadow-xl transition-transform duration-200',
          side === 'left' ? 'left-0' : 'right-0',
          widthClass,
          shown ? 'translate-x-0' : side === 'left' ? '-translate-x-full' : 'translate-x-full',
        )}
      >
        <DialogParts
          look={DIALOG_LOOKS.drawer}
          titleId={titleId}
          title={title}
          onClose={onClose}
          footer={footer}
        >
          {children}
        </DialogParts>
      </div>
    </div>,
    document.body,
  );
}
