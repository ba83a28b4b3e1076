/** What an image box shows without an image: the brand's name on stone. */
export function MediaPlaceholder({ alt }: { alt: string }) {
  return (
    <div
      role={alt ? 'img' : undefined}
      aria-label={alt || undefined}
      className="absolute inset-0 flex items-center justify-center bg-stone-100 text-xs font-medium tracking-widest text-stone-600 uppercase"
    >
      Vastra
    </div>
  );
}
