/**
 * The route table both consoles share (app wiring, so it lives with the pages): a layout, lazily loaded pages, and
 * unknown paths sent to the dashboard.
 */
import { Suspense, type ComponentType, type LazyExoticComponent, type ReactElement } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { Spinner } from '../../components/ui';

export interface ConsoleRoutesProps {
  layout: ReactElement;
  /** where the index and unknown paths go, e.g. /admin/dashboard */
  home: string;
  pages: Record<string, LazyExoticComponent<ComponentType>>;
}

export function ConsoleRoutes({ layout, home, pages }: ConsoleRoutesProps) {
  return (
    <Routes>
      <Route element={layout}>
        <Route index element={<Navigate to={home} replace />} />
        {Object.entries(pages).map(([path, Page]) => (
          <Route
            key={path}
            path={path}
            element={
              <Suspense fallback={<ConsolePageFallback />}>
                <Page />
              </Suspense>
            }
          />
        ))}
        <Route path="*" element={<Navigate to={home} replace />} />
      </Route>
    </Routes>
  );
}

/** Shown while a console page's code loads. */
function ConsolePageFallback() {
  return (
    <div className="flex min-h-[40vh] items-center justify-center text-brand-600">
      <Spinner size="lg" label="Loading…" />
    </div>
  );
}
