/**
 * Toasts without react-toastify in the storefront's first scripts (docs/performance.md): the library loads when
 * the app's toast container mounts (app/toasts.tsx) or on the first toast, whichever comes first; react-toastify
 * keeps toasts sent before its container is there and shows them when it mounts.
 */
import type * as Toastify from 'react-toastify';
import type { ToastContent, ToastOptions } from 'react-toastify';

let library: Promise<typeof Toastify> | undefined;

export const loadToasts = () => (library ??= import('react-toastify'));

const show =
  (kind: 'success' | 'error' | 'info' | 'warn') =>
  (...args: [content: ToastContent, options?: ToastOptions]): void => {
    void loadToasts().then(({ toast: t }) => t[kind](...args));
  };

export const toast = {
  success: show('success'),
  error: show('error'),
  info: show('info'),
  warn: show('warn'),
};
