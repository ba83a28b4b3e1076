import type { Page } from '@playwright/test';

/**
 * What only a Redux store's code would hold: Redux's own action type, redux-persist's and RTK
 * Query's (their minifiers keep these strings). A script whose body holds one of them is store code.
 */
const STORE_CODE = ['@@redux/INIT', 'persist/REHYDRATE', '__rtkq/'];

/** Every script the page requests from now on, with whether its body is store code. */
export function recordScripts(page: Page): { url: string; store: Promise<boolean> }[] {
  const scripts: { url: string; store: Promise<boolean> }[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    const store = response
      .text()
      .then((body) => STORE_CODE.some((marker) => body.includes(marker)))
      .catch(() => false);
    scripts.push({ url: response.url(), store });
  });
  return scripts;
}

/** The URLs of the scripts recorded so far that are store code. */
export async function storeScripts(scripts: { url: string; store: Promise<boolean> }[]): Promise<string[]> {
  const checked = await Promise.all(scripts.map(async (s) => ((await s.store) ? s.url : null)));
  return checked.filter((url): url is string => url !== null);
}
