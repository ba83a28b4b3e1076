/** Up to two initials of a name: "Asha Rao" → "AR". */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]![0], words.at(-1)![0]] : [words[0]?.[0]];
  return letters.join('').toUpperCase() || '?';
}

const SIZES = { sm: 'size-8 text-xs', md: 'size-10 text-sm', lg: 'size-24 text-2xl' } as const;

type AvatarProps = {
  name: string;
  url: string | null;
  size?: keyof typeof SIZES;
  /** Text for the photo where it is the subject (the profile page); decorative by default. */
  alt?: string;
};

/**
 * A person's photo, or their initials on the brand colour. Decorative unless given `alt`: the
 * name is always written next to it or given by the control it sits in.
 */
export function Avatar({ name, url, size = 'md', alt = '' }: AvatarProps) {
  return url ? (
    // eslint-disable-next-line @next/next/no-img-element -- user content on the API (any host), already re-encoded there
    <img src={url} alt={alt} className={`${SIZES[size]} shrink-0 rounded-full object-cover`} />
  ) : (
    <span
      aria-hidden="true"
      className={`${SIZES[size]} grid shrink-0 place-items-center rounded-full bg-brand-700 font-semibold text-white`}
    >
      {initialsOf(name)}
    </span>
  );
}
