/** Placeholder shell: the storefront issue replaces this with the router, store and guards. */
export function App() {
  return (
    <main className="mx-auto max-w-3xl p-8 font-sans">
      <h1 className="text-3xl font-bold text-brand-700">Haat Marketplace</h1>
      <p className="mt-2 text-gray-600">The storefront is being built. The API is live under /api.</p>
    </main>
  );
}
