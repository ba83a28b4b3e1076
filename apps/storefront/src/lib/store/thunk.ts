import { createAsyncThunk } from '@reduxjs/toolkit';
import { ApiError } from '@/lib/api/api-error';
import { asFailure, failureMessage, type ApiFailure, type ThunkExtra } from '@/lib/api/browser/api';
import type { AppDispatch, RootState } from './store';

export type { ThunkExtra };

/** createAsyncThunk typed for this store; a rejection carries the message a person reads. */
export const createAppAsyncThunk = createAsyncThunk.withTypes<{
  state: RootState;
  dispatch: AppDispatch;
  extra: ThunkExtra;
  rejectValue: string;
}>();

/** A failed call's status, message and whether that message is the generic one: ApiError or the endpoints' ApiFailure. */
export function failureOf(error: unknown): ApiFailure | undefined {
  return error instanceof ApiError ? error : asFailure(error);
}

/** The message of a failed call: the server's (or the behaviour.md §8 connection text), else the given fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return failureMessage(failureOf(error), fallback);
}

/** The HTTP status of a failed call (0: no answer); undefined for anything else. */
export function failureStatus(error: unknown): number | undefined {
  return failureOf(error)?.status;
}
