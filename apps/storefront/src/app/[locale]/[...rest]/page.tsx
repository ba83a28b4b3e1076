import { notFound } from 'next/navigation';

/** Any other path in a language: that language's "page not found" inside the store's layout. */
export default function UnknownPage() {
  notFound();
}
