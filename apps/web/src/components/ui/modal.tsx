/** A centred dialog: role="dialog", aria-modal, labelled by its title, focus trapped, Esc and backdrop close. */
import { useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { cn } from './cn';
import { useFocusTrap } from './use-focus-trap';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** footer row (buttons) */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  className?: string;
}

const SIZES = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-3xl', xl: 'max-w-5xl' } as const;

export function Modal({ open, onClose, title, children, footer, size = 'md', className }: ModalProps) {
  if (!open) return null;
  return (
    <DialogFrame
      trap
      look={DIALOG_LOOKS.modal}
      outer="fixed inset-0 z-50 flex items-end justify-center p-0 sm:items-center sm:p-4"
      backdrop="absolute inset-0 bg-gray-950/50"
      panel={cn(
        'relative flex max-h-[92vh] w-full flex-col rounded-t-xl bg-white shadow-xl sm:rounded-xl',
        SIZES[size],
        className,
      )}
      title={title}
      onClose={onClose}
      footer={footer}
    >
      {children}
    </DialogFrame>
  );
}

/** the classes of a dialog's header, title, body and footer: a centred modal's, or a side drawer's */
export const DIALOG_LOOKS = {
  modal: {
    header: 'flex items-center justify-between gap-4 border-b border-gray-200 px-5 py-4',
    title: 'text-lg font-semibold text-gray-900',
    body: 'overflow-y-auto px-5 py-4',
    footer: 'flex justify-end gap-2 border-t border-gray-200 px-5 py-3',
  },
  drawer: {
    header: 'flex items-center justify-between border-b border-gray-200 px-4 py-3',
    title: 'text-base font-semibold text-gray-900',
    body: 'flex-1 overflow-y-auto p-4',
    footer: 'border-t border-gray-200 p-4',
  },
};

type DialogLook = (typeof DIALOG_LOOKS)[keyof typeof DIALOG_LOOKS];

/**
 * A dialog in a portal over a backdrop (a click on it closes): role="dialog", aria-modal, labelled by its title;
 * the titled header with its close button, the body, and the footer when there is one.
 */
export function DialogFrame({
  trap,
  look,
  outer,
  backdrop,
  panel,
  title,
  onClose,
  footer,
  children,
}: {
  /** focus stays inside while true: false while a drawer slides out */
  trap: boolean;
  look: DialogLook;
  /** the classes of the fixed layer, the backdrop and the dialog's panel */
  outer: string;
  backdrop: string;
  panel: string;
  title: ReactNode;
  onClose: () => void;
  footer?: ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  useFocusTrap(ref, trap, onClose);
  return createPortal(
    <div className={outer}>
      <div aria-hidden onClick={onClose} className={backdrop} />
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={panel}
      >
        <div className={look.header}>
          <h2 id={titleId} className={look.title}>
            {title}
          </h2>
          <CloseButton onClick={onClose} />
        </div>
        <div className={look.body}>{children}</div>
        {footer && <div className={look.footer}>{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}

export function CloseButton({ onClick, label = 'Close' }: { onClick: () => void; label?: string }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className="inline-flex h-9 w-9 items-center justify-center rounded-md text-gray-500 hover:bg-gray-100 hover:text-gray-900"
    >
      <svg viewBox="0 0 20 20" className="h-5 w-5" aria-hidden fill="currentColor">
        <path d="M4.3 4.3a1 1 0 0 1 1.4 0L10 8.6l4.3-4.3a1 1 0 1 1 1.4 1.4L11.4 10l4.3 4.3a1 1 0 0 1-1.4 1.4L10 11.4l-4.3 4.3a1 1 0 0 1-1.4-1.4L8.6 10 4.3 5.7a1 1 0 0 1 0-1.4Z" />
      </svg>
    </button>
  );
}
