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

/**
 * The message of a failed call (behaviour.md §8): the server's, when it gave one about this call,
 * else the call's own text `fallback` (such as 'Failed to add item to cart'), also when the API
 * could not be reached or did not answer in time.
 */
export function errorMessage(error: unknown, fallback: string): string {
  const failure = failureOf(error);
  return failure?.status === 0 ? fallback : failureMessage(failure, fallback);
}

/**
 * errorMessage for the account calls, where behaviour.md §8 Login has texts of its own for a refused
 * connection ('Unable to connect to our servers…') and a timeout ('The connection timed out…').
 */
export function accountErrorMessage(error: unknown, fallback: string): string {
  const failure = failureOf(error);
  return failure?.status === 0 ? failure.message : failureMessage(failure, fallback);
}

/** The HTTP status of a failed call (0: no answer); undefined for anything else. */
export function failureStatus(error: unknown): number | undefined {
  return failureOf(error)?.status;
}
