/** A slide-in panel (offcanvas) from the left or right: for menus and filters below 992px, or side forms. */
import { useEffect, useState, type ReactNode } from 'react';
import { cn } from './cn';
import { DIALOG_LOOKS, DialogFrame } from './modal';

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
  if (!mounted) return null;
  return (
    <DialogFrame
      trap={open}
      look={DIALOG_LOOKS.drawer}
      outer="fixed inset-0 z-50"
      backdrop={cn(
        'absolute inset-0 bg-gray-950/50 transition-opacity duration-200',
        shown ? 'opacity-100' : 'opacity-0',
      )}
      panel={cn(
        'absolute inset-y-0 flex max-w-[100vw] flex-col bg-white shadow-xl transition-transform duration-200',
        side === 'left' ? 'left-0' : 'right-0',
        widthClass,
        shown ? 'translate-x-0' : side === 'left' ? '-translate-x-full' : 'translate-x-full',
      )}
      title={title}
      onClose={onClose}
      footer={footer}
    >
      {children}
    </DialogFrame>
  );
}
