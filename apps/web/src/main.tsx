/**
 * Boots the app (docs/performance.md). Until it runs, the server's HTML of the page is on screen (product,
 * listing and home have one), so the scripts start once the page's first images have loaded: they never compete
 * with what the shopper sees first. React DOM and the app are then evaluated in tasks of their own, and the first
 * render is a transition, so React yields to the browser while it builds the page.
 */
import './index.css';

async function boot() {
  const { createRoot } = await import('react-dom/client');
  const [{ StrictMode, startTransition }, { App }] = await Promise.all([
    import('react'),
    import('./app/app'),
  ]);
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}

if (document.readyState === 'complete') void boot();
else window.addEventListener('load', () => void boot(), { once: true });
