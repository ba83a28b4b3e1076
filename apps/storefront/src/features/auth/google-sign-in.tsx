'use client';

import { AUTH_MESSAGES, GOOGLE_LOGIN_REDIRECT_MS } from '@vastra/contracts';
import {
  GoogleLogin,
  GoogleOAuthProvider,
  useGoogleOAuth,
  useGoogleOneTapLogin,
  type CredentialResponse,
} from '@react-oauth/google';
import { useRouter } from 'next/navigation';
import toast from 'react-hot-toast';
import { usePublicConfig } from '@/lib/public-config';
import { googleLogin } from '@/lib/store/auth-slice';
import { useAppDispatch, useAppSelector } from '@/lib/store/hooks';

/**
 * Google sign-in (behaviour.md §2): the button and one-tap, both handing Google's credential to
 * POST /auth/google-login. Rendered only when a client id is configured; Google's script
 * loads only while a login form is on screen, and nothing shows until it has loaded (offline
 * or blocked, the form simply has no Google option).
 */
export function GoogleSignIn({ clientId }: { clientId: string }) {
  // Google's script carries the page's CSP nonce (the policy also names its address).
  const { nonce } = usePublicConfig();
  return (
    <GoogleOAuthProvider clientId={clientId} locale="en-IN" nonce={nonce ?? undefined}>
      <GoogleButtons />
    </GoogleOAuthProvider>
  );
}

function GoogleButtons() {
  const { scriptLoadedSuccessfully } = useGoogleOAuth();
  const dispatch = useAppDispatch();
  const router = useRouter();
  const isAuthenticated = useAppSelector((state) => state.auth.isAuthenticated);

  const failed = () => toast.error(AUTH_MESSAGES.googleFailedToast);

  // behaviour.md §4/§8: a toast on success, then home after GOOGLE_LOGIN_REDIRECT_MS. A rejection by our API
  // lands in the auth state's error, which the login form shows.
  const onSuccess = async ({ credential }: CredentialResponse) => {
    if (!credential) return failed();
    try {
      await dispatch(googleLogin(credential)).unwrap();
    } catch {
      return;
    }
    toast.success(AUTH_MESSAGES.googleSuccess);
    setTimeout(() => router.push('/'), GOOGLE_LOGIN_REDIRECT_MS);
  };

  useGoogleOneTapLogin({ onSuccess, onError: failed, disabled: isAuthenticated });

  if (!scriptLoadedSuccessfully) return null;
  return (
    <>
      <p className="flex items-center gap-3 text-xs font-medium tracking-wide text-stone-600 uppercase">
        <span aria-hidden="true" className="h-px flex-1 bg-stone-200" />
        or
        <span aria-hidden="true" className="h-px flex-1 bg-stone-200" />
      </p>
      <div className="flex justify-center">
        <GoogleLogin onSuccess={onSuccess} onError={failed} text="signin_with" shape="rectangular" width={300} />
      </div>
    </>
  );
}
