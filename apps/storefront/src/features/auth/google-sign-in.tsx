'use client';

import { AUTH_MESSAGES, GOOGLE_LOGIN_REDIRECT_MS } from '@vastra/contracts';
import {
  GoogleLogin,
  GoogleOAuthProvider,
  useGoogleOAuth,
  useGoogleOneTapLogin,
  type CredentialResponse,
} from '@react-oauth/google';
import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from '@/i18n/navigation';
import toast from 'react-hot-toast';
import { MutationError } from '@/lib/api/browser/mutate';
import { usePublicConfig } from '@/lib/public-config';
import { useShopper } from '@/lib/shopper-context';
import { logInWithGoogle } from '@/lib/api/browser/auth';
import { startSession } from './session';
import { useSessionLink } from './use-session-link';

/**
 * Google sign-in (behaviour.md §2): the button and one-tap, both handing Google's credential to
 * POST /auth/google-login. Rendered only when a client id is configured; Google's script
 * loads only while a login form is on screen, and nothing shows until it has loaded (offline
 * or blocked, the form simply has no Google option). `onRefused` gets our API's refusal
 * (behaviour.md §8 Google), which the login form shows.
 */
export function GoogleSignIn({ clientId, onRefused }: { clientId: string; onRefused: (message: string) => void }) {
  // Google's script carries the page's CSP nonce (the policy also names its address).
  const { nonce } = usePublicConfig();
  // Google's own button speaks the page's language.
  const locale = useLocale();
  return (
    <GoogleOAuthProvider clientId={clientId} locale={locale === 'hi' ? 'hi' : 'en-IN'} nonce={nonce ?? undefined}>
      <GoogleButtons onRefused={onRefused} />
    </GoogleOAuthProvider>
  );
}

function GoogleButtons({ onRefused }: { onRefused: (message: string) => void }) {
  const t = useTranslations('account.auth');
  const { scriptLoadedSuccessfully } = useGoogleOAuth();
  const { apiUrl } = usePublicConfig();
  const { user } = useShopper();
  const session = useSessionLink();
  const router = useRouter();

  const failed = () => toast.error(AUTH_MESSAGES.googleFailedToast);

  // behaviour.md §4/§8: the session starts as any login's (the guest cart merged), a toast, then home
  // after GOOGLE_LOGIN_REDIRECT_MS. A refusal by our API goes to the login form.
  const onSuccess = async ({ credential }: CredentialResponse) => {
    if (!credential) return failed();
    let loggedIn;
    try {
      loggedIn = await logInWithGoogle(apiUrl, credential);
    } catch (error) {
      onRefused(error instanceof MutationError ? error.message : AUTH_MESSAGES.googleRejected);
      return;
    }
    await startSession(apiUrl, loggedIn, session);
    toast.success(AUTH_MESSAGES.googleSuccess);
    setTimeout(() => router.push('/'), GOOGLE_LOGIN_REDIRECT_MS);
  };

  useGoogleOneTapLogin({ onSuccess, onError: failed, disabled: user !== null });

  if (!scriptLoadedSuccessfully) return null;
  return (
    <>
      <p className="flex items-center gap-3 text-xs font-medium tracking-wide text-stone-600 uppercase">
        <span aria-hidden="true" className="h-px flex-1 bg-stone-200" />
        {t('or')}
        <span aria-hidden="true" className="h-px flex-1 bg-stone-200" />
      </p>
      <div className="flex justify-center">
        <GoogleLogin onSuccess={onSuccess} onError={failed} text="signin_with" shape="rectangular" width={300} />
      </div>
    </>
  );
}
