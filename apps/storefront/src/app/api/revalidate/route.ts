import { REVALIDATE_SIGNATURE_HEADER } from '@vastra/contracts';
import { revalidateTag } from 'next/cache';
import { verifiedTags } from '@/lib/revalidate-request';

/**
 * The API's signed call after a catalogue change (docs/admin.md "Shoppers see changes within
 * seconds"): the named cache tags expire at once, so the next page built reads the API afresh.
 * Without REVALIDATE_SECRET the route is a 404; a bad or old signature a 401.
 */
export async function POST(request: Request) {
  const result = verifiedTags(
    await request.text(),
    request.headers.get(REVALIDATE_SIGNATURE_HEADER),
    process.env.REVALIDATE_SECRET,
    Date.now(),
  );
  if ('status' in result) return Response.json({ message: 'Refused' }, { status: result.status });
  for (const tag of result.tags) revalidateTag(tag, { expire: 0 });
  return Response.json({ revalidated: result.tags });
}
