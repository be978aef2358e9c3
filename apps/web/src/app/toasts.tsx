/** The toast container, loaded in its own chunk after the first render (lib/toast.ts); it brings its own styles. */
import { lazy, Suspense } from 'react';
import { loadToasts } from '../lib/toast';

const ToastContainer = lazy(() => loadToasts().then((m) => ({ default: m.ToastContainer })));

export function Toasts() {
  return (
    <Suspense fallback={null}>
      <ToastContainer position="top-center" autoClose={3000} newestOnTop limit={3} />
    </Suspense>
  );
}
