import type { ReactNode } from 'react';

/** The frame of the accounts screens (/auth/*): a centred card with a title and an intro. */
export function AuthCard({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <div className="px-4 py-8 sm:py-14">
      <div className="mx-auto max-w-md rounded-xl border border-stone-200 bg-white px-5 py-7 shadow-sm sm:px-8 sm:py-9">
        <h1 className="text-2xl font-bold tracking-tight text-stone-900">{title}</h1>
        {intro && <p className="mt-1.5 text-sm text-stone-600">{intro}</p>}
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}

/** Holds a form's place (server HTML, and until the page is hydrated and the form's code is there). */
export function FormPlaceholder() {
  return <div aria-hidden="true" className="min-h-80" />;
}
