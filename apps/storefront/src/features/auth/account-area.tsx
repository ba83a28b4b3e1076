'use client';

import { useEffect } from 'react';
import { UserIcon } from '@/components/ui/icons';
import { useLoginModal } from '@/lib/login-modal';
import { fetchCurrentUser } from '@/lib/store/auth-slice';
import { useAppDispatch, useAppSelector } from '@/lib/store/hooks';
import { AccountMenu } from './account-menu';
import { LoginModal } from './login-modal';

/**
 * The header's account area (behaviour.md §2): the account menu when logged in, otherwise a Login button
 * and the login modal it opens. Loaded with the store (header-account.tsx).
 */
export function AccountArea() {
  const dispatch = useAppDispatch();
  const { open } = useLoginModal();
  const user = useAppSelector((state) => state.auth.user);
  const isAuthenticated = useAppSelector((state) => state.auth.isAuthenticated);

  // Once per page load: refresh the restored user; a session that has ended meanwhile answers
  // 401, which logs out (behaviour.md §4 Session expiry).
  useEffect(() => {
    void dispatch(fetchCurrentUser());
  }, [dispatch]);

  if (isAuthenticated && user) return <AccountMenu user={user} />;
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={open}
        className="flex h-10 items-center gap-1.5 rounded-md border border-brand-700 px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50"
      >
        <UserIcon width={18} height={18} />
        Login
      </button>
      <LoginModal />
    </>
  );
}
