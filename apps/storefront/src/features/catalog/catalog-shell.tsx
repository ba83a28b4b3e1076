'use client';

import { useRouter } from '@/i18n/navigation';
import { createContext, useContext, useState, useTransition, type ReactNode } from 'react';
import { catalogHref, type CatalogQuery, type CatalogScope } from './catalog-query';

type CatalogShellValue = {
  scope: CatalogScope;
  /** Go to the listing for `query` (client-side; the URL stays the source of truth). */
  navigate: (query: CatalogQuery) => void;
  isPending: boolean;
  drawerOpen: boolean;
  setDrawerOpen: (open: boolean) => void;
};

const CatalogShellContext = createContext<CatalogShellValue | null>(null);

/** Client state of a listing page: pending navigation and the mobile filter drawer. */
export function CatalogShell({ scope, children }: { scope: CatalogScope; children: ReactNode }) {
  const router = useRouter();
  const [isPending, startTransition] = useTransition();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const navigate = (query: CatalogQuery) => {
    startTransition(() => router.push(catalogHref(scope, query), { scroll: false }));
  };
  return (
    <CatalogShellContext.Provider value={{ scope, navigate, isPending, drawerOpen, setDrawerOpen }}>
      {children}
    </CatalogShellContext.Provider>
  );
}

export function useCatalogShell(): CatalogShellValue {
  const value = useContext(CatalogShellContext);
  if (!value) throw new Error('useCatalogShell must be used inside CatalogShell');
  return value;
}

/** The results area, dimmed and marked busy while a new listing loads. */
export function ResultsRegion({ children }: { children: ReactNode }) {
  const { isPending } = useCatalogShell();
  return (
    <div aria-busy={isPending} className={`transition-opacity ${isPending ? 'opacity-60' : ''}`}>
      {children}
    </div>
  );
}
