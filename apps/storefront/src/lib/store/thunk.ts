import { createAsyncThunk } from '@reduxjs/toolkit';
import { ApiError } from '@/lib/api/api-error';
import type { ThunkExtra } from '@/lib/api/browser/api';
import type { AppDispatch, RootState } from './store';

export type { ThunkExtra };

/** createAsyncThunk typed for this store; a rejection carries the message a person reads. */
export const createAppAsyncThunk = createAsyncThunk.withTypes<{
  state: RootState;
  dispatch: AppDispatch;
  extra: ThunkExtra;
  rejectValue: string;
}>();

/** The message of a failed call: the server's (or the behaviour.md §8 connection text), else the given fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message && !error.isGeneric ? error.message : fallback;
}
