export function PageFallback() {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-[50vh] items-center justify-center text-gray-500"
    >
      <span
        className="h-8 w-8 animate-spin rounded-full border-4 border-brand-600 border-t-transparent"
        aria-hidden
      />
      <span className="sr-only">Loading…</span>
    </div>
  );
}
