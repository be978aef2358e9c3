/**
 * The console frame shared by the admin and seller consoles: a fixed 250px sidebar on large screens, a slide-in
 * menu (offcanvas) below 992px, and a top bar with LogOut. Entries can be disabled with a hint (an unapproved
 * seller).
 */
import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { Button, Drawer, cn } from '../../components/ui';
import { LockIcon, LogOutIcon, MenuIcon } from './icons';

export interface ConsoleNavItem {
  to: string;
  label: string;
  icon: ComponentType;
}

export interface ConsoleShellProps {
  title: string;
  items: readonly ConsoleNavItem[];
  /** when set, the entries are disabled and this hint is shown */
  disabledHint?: string | null;
  onLogout: () => void;
  loggingOut?: boolean;
  /** shown at the right of the top bar, before LogOut (e.g. the store name) */
  topBarExtra?: ReactNode;
  children: ReactNode;
}

type Tone = 'dark' | 'light';

const HINT: Record<Tone, string> = {
  dark: 'mx-3 rounded-lg bg-amber-500/15 px-3 py-2 text-xs font-medium text-amber-200',
  light: 'rounded-lg bg-amber-50 px-3 py-2 text-xs font-medium text-amber-900',
};

function NavList({
  items,
  disabledHint,
  tone,
}: Pick<ConsoleShellProps, 'items' | 'disabledHint'> & { tone: Tone }) {
  const dark = tone === 'dark';
  return (
    <>
      <ul className="flex flex-col gap-1">
        {items.map(({ to, label, icon: Icon }) => (
          <li key={to}>
            {disabledHint ? (
              <span
                aria-disabled="true"
                title={disabledHint}
                className={cn(
                  'flex cursor-not-allowed items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium',
                  dark ? 'text-slate-400' : 'text-gray-500',
                )}
              >
                <Icon />
                {label}
                <LockIcon className="ml-auto h-4 w-4" />
              </span>
            ) : (
              <NavLink
                to={to}
                className={({ isActive }) =>
                  cn(
                    'flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors',
                    dark
                      ? 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white'
                      : 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                    dark &&
                      (isActive
                        ? 'bg-white/15 text-white'
                        : 'text-slate-300 hover:bg-white/10 hover:text-white'),
                    !dark && (isActive ? 'bg-brand-50 text-brand-700' : 'text-gray-700 hover:bg-gray-100'),
                  )
                }
              >
                <Icon />
                {label}
              </NavLink>
            )}
          </li>
        ))}
      </ul>
      {/* the links are off until the seller is approved: say why */}
      {disabledHint && <p className={HINT[tone]}>{disabledHint}</p>}
    </>
  );
}

function SidebarBody({
  title,
  items,
  disabledHint,
}: Pick<ConsoleShellProps, 'title' | 'items' | 'disabledHint'>) {
  return (
    <nav aria-label={title} className="flex h-full flex-col gap-6 bg-slate-900 px-4 py-6">
      <p className="flex items-center gap-2 px-3 text-lg font-bold tracking-tight text-white">
        <span
          className="inline-flex h-8 w-8 items-center justify-center rounded-lg bg-brand-500 text-sm"
          aria-hidden
        >
          H
        </span>
        {title}
      </p>
      <NavList items={items} disabledHint={disabledHint} tone="dark" />
    </nav>
  );
}

export function ConsoleShell({
  title,
  items,
  disabledHint,
  onLogout,
  loggingOut,
  topBarExtra,
  children,
}: ConsoleShellProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => setMenuOpen(false), [pathname]);

  return (
    <div className="min-h-screen bg-gray-50">
      <aside className="fixed inset-y-0 left-0 z-30 hidden w-[250px] lg:block">
        <SidebarBody title={title} items={items} disabledHint={disabledHint} />
      </aside>
      <Drawer open={menuOpen} onClose={() => setMenuOpen(false)} title={title} widthClass="w-[250px]">
        <nav aria-label={`${title} (mobile)`} className="flex flex-col gap-4">
          <NavList items={items} disabledHint={disabledHint} tone="light" />
        </nav>
      </Drawer>
      <div className="flex min-h-screen flex-col lg:pl-[250px]">
        <header className="sticky top-0 z-20 flex h-16 items-center gap-3 border-b border-gray-200 bg-white/95 px-4 backdrop-blur sm:px-6">
          <Button
            variant="ghost"
            size="icon"
            className="lg:hidden"
            aria-label="Open menu"
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen(true)}
          >
            <MenuIcon />
          </Button>
          <span className="text-base font-semibold text-gray-900 lg:hidden">{title}</span>
          <div className="ml-auto flex items-center gap-3">
            {topBarExtra}
            <Button variant="primary" onClick={onLogout} loading={loggingOut}>
              {!loggingOut && <LogOutIcon className="h-4 w-4" />}
              LogOut
            </Button>
          </div>
        </header>
        <main id="main" className="flex-1 px-4 py-6 sm:px-6 lg:px-8">
          {children}
        </main>
      </div>
    </div>
  );
}
