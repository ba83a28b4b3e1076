import { DEFAULT_STORE_NAME } from '@vastra/contracts';
import { useEffect, useState } from 'react';

/** The store's name (GET /store-settings, the storefront's public part); the default until it is read. */
export function useStoreName(): string {
  const [name, setName] = useState(DEFAULT_STORE_NAME);
  useEffect(() => {
    let live = true;
    fetch('/store-settings', { credentials: 'same-origin' })
      .then((res) => (res.ok ? (res.json() as Promise<{ data?: { storeName?: string } }>) : null))
      .then((body) => {
        if (live && body?.data?.storeName) setName(body.data.storeName);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);
  return name;
}
