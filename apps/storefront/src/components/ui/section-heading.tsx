import { Link } from '@/i18n/navigation';
import type { ReactNode } from 'react';

/** A section title with an optional subtitle and "view all" link. */
export function SectionHeading({
  id,
  title,
  subtitle,
  action,
}: {
  id?: string;
  title: string;
  subtitle?: string | null;
  action?: { label: string; href: string } | null;
}): ReactNode {
  return (
    <div className="mb-5 flex items-end justify-between gap-4">
      <div>
        <h2 id={id} className="text-xl font-semibold tracking-tight text-stone-900 sm:text-2xl">
          {title}
        </h2>
        {subtitle && <p className="mt-1 text-sm text-stone-600 sm:text-base">{subtitle}</p>}
      </div>
      {action && (
        <Link
          href={action.href}
          className="shrink-0 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
        >
          {action.label}
          <span aria-hidden="true"> →</span>
        </Link>
      )}
    </div>
  );
}
