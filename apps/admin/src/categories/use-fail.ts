/** A callback that shows a refused call's message as an error notice (the collection screens). */
import { useCallback } from 'react';
import { useNotify } from 'react-admin';

export function useFail() {
  const notify = useNotify();
  return useCallback((err: Error) => notify(err.message, { type: 'error' }), [notify]);
}
