import { AUTH_MESSAGES, type LoginBody, type RegisterBody, type User } from '@vastra/contracts';
import { createSlice, isFulfilled, isPending, isRejected, type PayloadAction } from '@reduxjs/toolkit';
import { ONCE, storefrontApi } from '@/lib/api/browser/api';
import { authApi, putProfile } from '@/lib/api/browser/auth';
import { accountErrorMessage, createAppAsyncThunk, failureOf, failureStatus } from './thunk';

/**
 * A product the shopper opened (behaviour.md §3 Visited products), kept until logout. `authToken` stays
 * null: the session lives in the API's httpOnly cookie, never where a script can read it.
 */
export type VisitedProduct = { productId: string; timestamp: string; authToken: null; guestId: string | null };

/** The calls whose progress the auth state tracks, one loading flag each. */
export type AuthOperation =
  | 'login'
  | 'google'
  | 'register'
  | 'currentUser'
  | 'profile'
  | 'changePassword'
  | 'verifyEmail'
  | 'resendVerification'
  | 'forgotPassword'
  | 'resetPassword';

/**
 * The Auth state of behaviour.md §3 without its `token`: the browser authenticates with the API's httpOnly
 * `auth_token` cookie alone, so no script (nor localStorage) ever holds the session. "Logged
 * in" is `isAuthenticated`.
 */
export type AuthState = {
  user: User | null;
  isAuthenticated: boolean;
  loading: Record<AuthOperation, boolean>;
  error: string | null;
  verificationEmailSent: boolean;
  changePasswordOutput: { success: boolean; message: string } | null;
  visitedProducts: VisitedProduct[];
};

const initialState: AuthState = {
  user: null,
  isAuthenticated: false,
  loading: {
    login: false,
    google: false,
    register: false,
    currentUser: false,
    profile: false,
    changePassword: false,
    verifyEmail: false,
    resendVerification: false,
    forgotPassword: false,
    resetPassword: false,
  },
  error: null,
  verificationEmailSent: false,
  changePasswordOutput: null,
  visitedProducts: [],
};

/**
 * behaviour.md §5 Login, §8 Login: the server's message, or the §8 texts when it gives none or cannot be
 * reached. The API's answer also carries the bearer (for other clients); only the user is kept.
 */
export const loginUser = createAppAsyncThunk('auth/login', async (body: LoginBody, { dispatch, rejectWithValue }) => {
  try {
    const answer = await dispatch(authApi.endpoints.login.initiate(body)).unwrap();
    if (answer.ok && answer.data?.user) return { user: answer.data.user };
    return rejectWithValue(answer.message ?? AUTH_MESSAGES.incorrectCredentials);
  } catch (error) {
    return rejectWithValue(accountErrorMessage(error, AUTH_MESSAGES.fallback));
  }
});

/** Logs in with Google's credential (behaviour.md §8 Google: the server's message or 'Failed to log in with Google.'). */
export const googleLogin = createAppAsyncThunk(
  'auth/googleLogin',
  async (credential: string, { dispatch, rejectWithValue }) => {
    try {
      const answer = await dispatch(authApi.endpoints.googleLogin.initiate(credential)).unwrap();
      if (answer.ok && answer.data?.user) return { user: answer.data.user };
      return rejectWithValue(answer.message ?? AUTH_MESSAGES.googleRejected);
    } catch (error) {
      return rejectWithValue(accountErrorMessage(error, AUTH_MESSAGES.googleRejected));
    }
  },
);

/** behaviour.md §8 Register: the server's message; 'Invalid registration details.' (400) or 'Registration failed…'. */
export const registerUser = createAppAsyncThunk(
  'auth/register',
  async (body: RegisterBody, { dispatch, rejectWithValue }) => {
    try {
      const answer = await dispatch(authApi.endpoints.register.initiate(body)).unwrap();
      if (answer.ok && answer.data?.user) {
        return { user: answer.data.user, verificationEmailSent: answer.data.verificationEmailSent };
      }
      if (answer.message) return rejectWithValue(answer.message);
      return rejectWithValue(
        answer.status === 400 ? AUTH_MESSAGES.invalidRegistration : AUTH_MESSAGES.registrationFailed,
      );
    } catch (error) {
      // A refused connection or a timeout keeps its own behaviour.md §8 text; a server failure is §8's.
      const failure = failureOf(error);
      return rejectWithValue(failure?.status === 0 ? failure.message : AUTH_MESSAGES.registrationFailed);
    }
  },
);

/** Re-reads the logged-in user (behaviour.md §8 User info); only with a session to ask about. */
export const fetchCurrentUser = createAppAsyncThunk(
  'auth/fetchCurrentUser',
  async (_: void, { dispatch, rejectWithValue }) => {
    try {
      const answer = await dispatch(authApi.endpoints.currentUser.initiate(undefined, ONCE)).unwrap();
      return answer.data?.user ?? rejectWithValue(AUTH_MESSAGES.userNotFound);
    } catch (error) {
      const status = failureStatus(error) ?? -1;
      return rejectWithValue(
        status === 401
          ? AUTH_MESSAGES.sessionExpired
          : status === 404
            ? AUTH_MESSAGES.userNotFound
            : AUTH_MESSAGES.fetchUserFailed,
      );
    }
  },
  { condition: (_, { getState }) => getState().auth.isAuthenticated },
);

/** PUT /auth/profile/full with the changed fields only; behaviour.md §5: an empty form is refused here. */
export const updateProfile = createAppAsyncThunk(
  'auth/updateProfile',
  async (form: FormData, { extra, rejectWithValue }) => {
    if ([...form.keys()].length === 0) return rejectWithValue(AUTH_MESSAGES.noFormData);
    try {
      const answer = await putProfile(extra.api, form);
      if (!answer.data?.user) return rejectWithValue(AUTH_MESSAGES.userNotFound);
      return { user: answer.data.user, message: answer.message ?? AUTH_MESSAGES.profileUpdated };
    } catch (error) {
      return rejectWithValue(accountErrorMessage(error, AUTH_MESSAGES.fallback));
    }
  },
);

/** behaviour.md §5: changing the password needs a session ('No auth token found' when logged out). */
export const changePassword = createAppAsyncThunk(
  'auth/changePassword',
  async (body: { currentPassword: string; newPassword: string }, { getState, dispatch, rejectWithValue }) => {
    if (!getState().auth.isAuthenticated) return rejectWithValue(AUTH_MESSAGES.noAuthToken);
    try {
      const answer = await dispatch(authApi.endpoints.changePassword.initiate(body)).unwrap();
      return answer.message ?? AUTH_MESSAGES.passwordChanged;
    } catch (error) {
      return rejectWithValue(accountErrorMessage(error, AUTH_MESSAGES.fallback));
    }
  },
);

/** behaviour.md §5: verifying needs a session and the user's email. */
export const verifyEmail = createAppAsyncThunk(
  'auth/verifyEmail',
  async (otp: string, { getState, dispatch, rejectWithValue }) => {
    const { isAuthenticated, user } = getState().auth;
    if (!isAuthenticated) return rejectWithValue(AUTH_MESSAGES.noAuthToken);
    if (!user?.email) return rejectWithValue(AUTH_MESSAGES.userEmailNotFound);
    try {
      const answer = await dispatch(authApi.endpoints.verifyEmail.initiate({ email: user.email, otp })).unwrap();
      if (!answer.data?.user) return rejectWithValue(AUTH_MESSAGES.userNotFound);
      return { user: answer.data.user, message: answer.message ?? AUTH_MESSAGES.emailVerified };
    } catch (error) {
      return rejectWithValue(accountErrorMessage(error, AUTH_MESSAGES.fallback));
    }
  },
);

/** behaviour.md §5: resending the code needs a session and the user's email. */
export const resendVerification = createAppAsyncThunk(
  'auth/resendVerification',
  async (_: void, { getState, dispatch, rejectWithValue }) => {
    const { isAuthenticated, user } = getState().auth;
    if (!isAuthenticated) return rejectWithValue(AUTH_MESSAGES.noAuthToken);
    if (!user?.email) return rejectWithValue(AUTH_MESSAGES.userEmailNotFound);
    try {
      const answer = await dispatch(authApi.endpoints.resendVerification.initiate(user.email)).unwrap();
      return answer.message ?? AUTH_MESSAGES.verificationSent;
    } catch (error) {
      return rejectWithValue(accountErrorMessage(error, AUTH_MESSAGES.fallback));
    }
  },
);

/** Forgot password, step 1: mails a reset code (the answer never tells whether the account exists). */
export const forgotPassword = createAppAsyncThunk(
  'auth/forgotPassword',
  async (email: string, { dispatch, rejectWithValue }) => {
    try {
      const answer = await dispatch(authApi.endpoints.forgotPassword.initiate(email)).unwrap();
      return answer.message ?? AUTH_MESSAGES.resetCodeSent;
    } catch (error) {
      return rejectWithValue(accountErrorMessage(error, AUTH_MESSAGES.fallback));
    }
  },
);

/** Forgot password, step 2: the mailed code and a new password; every session ends. */
export const resetPassword = createAppAsyncThunk(
  'auth/resetPassword',
  async (body: { email: string; otp: string; newPassword: string }, { dispatch, rejectWithValue }) => {
    try {
      const answer = await dispatch(authApi.endpoints.resetPassword.initiate(body)).unwrap();
      return answer.message ?? AUTH_MESSAGES.passwordReset;
    } catch (error) {
      return rejectWithValue(accountErrorMessage(error, AUTH_MESSAGES.fallback));
    }
  },
);

const trackedThunks = [
  loginUser,
  googleLogin,
  registerUser,
  fetchCurrentUser,
  updateProfile,
  changePassword,
  verifyEmail,
  resendVerification,
  forgotPassword,
  resetPassword,
] as const;
const operationByPrefix: Record<string, AuthOperation> = {
  [loginUser.typePrefix]: 'login',
  [googleLogin.typePrefix]: 'google',
  [registerUser.typePrefix]: 'register',
  [fetchCurrentUser.typePrefix]: 'currentUser',
  [updateProfile.typePrefix]: 'profile',
  [changePassword.typePrefix]: 'changePassword',
  [verifyEmail.typePrefix]: 'verifyEmail',
  [resendVerification.typePrefix]: 'resendVerification',
  [forgotPassword.typePrefix]: 'forgotPassword',
  [resetPassword.typePrefix]: 'resetPassword',
};
/** 'auth/login/pending' → 'login'. */
const operationOf = (type: string) => operationByPrefix[type.slice(0, type.lastIndexOf('/'))];

/** behaviour.md §4: login, Google login and a registration all log the shopper in (the API set its cookie). */
function startSession(state: AuthState, { payload }: { payload: { user: User } }) {
  state.user = payload.user;
  state.isAuthenticated = true;
}

const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    /** behaviour.md §4 Logout: user, visited products and flags go (the wishlist slice empties itself too). */
    loggedOut: () => initialState,
    clearAuthError: (state) => {
      state.error = null;
    },
    clearChangePasswordOutput: (state) => {
      state.changePasswordOutput = null;
    },
    /** The visited products after a product page was opened (lib/visited-products.ts; the cookie mirrors it). */
    visitedProductsChanged: (state, action: PayloadAction<VisitedProduct[]>) => {
      state.visitedProducts = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loginUser.fulfilled, startSession)
      .addCase(googleLogin.fulfilled, startSession)
      .addCase(registerUser.fulfilled, (state, action) => {
        startSession(state, action);
        state.verificationEmailSent = action.payload.verificationEmailSent;
      })
      .addCase(fetchCurrentUser.fulfilled, (state, { payload }) => {
        state.user = payload;
        state.isAuthenticated = true;
      })
      .addCase(updateProfile.fulfilled, (state, { payload }) => {
        state.user = payload.user;
      })
      .addCase(changePassword.pending, (state) => {
        state.changePasswordOutput = null;
      })
      .addCase(changePassword.fulfilled, (state, { payload }) => {
        state.changePasswordOutput = { success: true, message: payload };
      })
      .addCase(changePassword.rejected, (state, { payload }) => {
        state.changePasswordOutput = { success: false, message: payload ?? AUTH_MESSAGES.fallback };
      })
      .addCase(verifyEmail.fulfilled, (state, { payload }) => {
        state.user = payload.user;
        state.verificationEmailSent = false;
      })
      .addCase(resendVerification.fulfilled, (state) => {
        state.verificationEmailSent = true;
      })
      // One loading flag per call; every call starts with the last error cleared.
      .addMatcher(isPending(...trackedThunks), (state, action) => {
        state.loading[operationOf(action.type)!] = true;
        state.error = null;
      })
      .addMatcher(isFulfilled(...trackedThunks), (state, action) => {
        state.loading[operationOf(action.type)!] = false;
      })
      .addMatcher(isRejected(...trackedThunks), (state, action) => {
        state.loading[operationOf(action.type)!] = false;
        state.error = action.payload ?? action.error.message ?? AUTH_MESSAGES.fallback;
      });
  },
});

export const { loggedOut, clearAuthError, clearChangePasswordOutput, visitedProductsChanged } = authSlice.actions;
export const authReducer = authSlice.reducer;

/**
 * behaviour.md §4 Logout: the API ends the session its cookie names and clears the cookie; then
 * the state forgets the session. In that order, because forgetting it renders the page again on
 * the server (lib/store/shopper-bridge.ts): a render sent while the cookie still stood found the
 * shopper logged in again, or, once the API had ended the session, ran the 401 handler (toast,
 * /auth/login) on a shopper who had just logged out. The logout stands locally even when the API
 * cannot be reached.
 */
export const logoutUser = createAppAsyncThunk('auth/logout', async (_: void, { dispatch }) => {
  await dispatch(authApi.endpoints.logout.initiate())
    .unwrap()
    .catch(() => undefined);
  dispatch(loggedOut());
  // What the API answered of the old session is no one's now.
  dispatch(storefrontApi.util.resetApiState());
});
