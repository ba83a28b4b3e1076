'use client';

/**
 * The offline page's "Try again": reloads the page the shopper asked for (the offline page is
 * shown at that page's own address), which comes from the network once there is one.
 */
export function TryAgain({ label }: { label: string }) {
  return (
    <button
      type="button"
      onClick={() => window.location.reload()}
      className="rounded-md bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-800"
    >
      {label}
    </button>
  );
}
