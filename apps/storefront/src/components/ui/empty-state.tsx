import { Link } from '@/i18n/navigation';

type Action = { label: string; href: string };

/** A centred message with next steps (empty results, not found). */
export function EmptyState({
  heading,
  body,
  actions = [],
  headingLevel: Heading = 'h1',
}: {
  heading: string;
  body?: string;
  actions?: Action[];
  headingLevel?: 'h1' | 'h2';
}) {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-4 py-16 text-center">
      <div aria-hidden="true" className="mb-6 grid size-16 place-items-center rounded-full bg-brand-50 text-3xl">
        🧺
      </div>
      <Heading className="text-xl font-semibold text-stone-900 sm:text-2xl">{heading}</Heading>
      {body && <p className="mt-2 text-stone-600">{body}</p>}
      {actions.length > 0 && (
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          {actions.map((action, i) => (
            <Link
              key={action.href}
              href={action.href}
              className={
                i === 0
                  ? 'rounded-md bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-800'
                  : 'rounded-md border border-stone-300 px-5 py-2.5 text-sm font-semibold text-stone-800 hover:border-stone-900'
              }
            >
              {action.label}
            </Link>
          ))}
        </div>
      )}
    </div>
  );
}
