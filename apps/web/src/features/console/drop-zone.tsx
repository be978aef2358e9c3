/**
 * A dashed drop area that is the label of a hidden file input: a click or the keyboard (the input keeps the
 * focus, the area shows its outline) opens the file picker, and files dropped on it are handed over the same way.
 */
import { useState, type DragEvent, type ReactNode } from 'react';
import { cn } from '../../components/ui';

export interface DropZoneProps {
  /** the id of the file input inside (children) */
  htmlFor: string;
  onFiles: (files: File[]) => void;
  invalid?: boolean;
  size?: 'sm' | 'md';
  children: ReactNode;
}

export function DropZone({ htmlFor, onFiles, invalid = false, size = 'md', children }: DropZoneProps) {
  const [dragging, setDragging] = useState(false);
  function onDrop(e: DragEvent<HTMLLabelElement>) {
    e.preventDefault();
    setDragging(false);
    onFiles([...e.dataTransfer.files]);
  }
  return (
    <label
      htmlFor={htmlFor}
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={cn(
        'flex cursor-pointer flex-col items-center justify-center rounded-lg border-2 border-dashed px-4 text-center',
        size === 'sm' ? 'min-h-24 gap-1 py-4' : 'min-h-32 gap-2 py-6',
        'focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-600',
        dragging ? 'border-brand-500 bg-brand-50' : 'border-gray-300 bg-white hover:bg-gray-50',
        invalid && 'border-red-400',
      )}
    >
      {children}
    </label>
  );
}
