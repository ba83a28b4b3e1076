import { StarIcon } from '@/components/ui/icons';

/**
 * Five stars filled to `value` (0–5, fractions shown as part of a star). Decorative: the
 * caller says the rating in words next to it.
 */
export function Stars({ value, size = 16 }: { value: number; size?: number }) {
  const row = (className: string) => (
    <span className={`flex ${className}`}>
      {Array.from({ length: 5 }, (_, i) => (
        <StarIcon key={i} width={size} height={size} className="shrink-0" />
      ))}
    </span>
  );
  const percent = Math.max(0, Math.min(5, value)) * 20;
  return (
    <span aria-hidden="true" className="relative inline-flex">
      {row('text-stone-300')}
      <span className="absolute inset-y-0 left-0 overflow-hidden" style={{ width: `${percent}%` }}>
        {row('text-amber-500')}
      </span>
    </span>
  );
}
