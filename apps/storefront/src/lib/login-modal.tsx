'use client';

import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

type LoginModal = { isOpen: boolean; open: () => void; close: () => void };

const LoginModalContext = createContext<LoginModal | null>(null);

/**
 * Whether the login modal (behaviour.md §2) is open. The modal is rendered once, in the header; anything
 * that needs a login (the header's button, later the wishlist sidebar) opens it through here.
 */
export function LoginModalProvider({ children }: { children: ReactNode }) {
  const [isOpen, setOpen] = useState(false);
  // Stable functions: effects that close the modal (on navigation) must not re-run when it opens.
  const open = useCallback(() => setOpen(true), []);
  const close = useCallback(() => setOpen(false), []);
  const value = useMemo(() => ({ isOpen, open, close }), [isOpen, open, close]);
  return <LoginModalContext.Provider value={value}>{children}</LoginModalContext.Provider>;
}

export function useLoginModal(): LoginModal {
  const value = useContext(LoginModalContext);
  if (!value) throw new Error('useLoginModal must be used inside LoginModalProvider');
  return value;
}
