import { HomeTemplate } from '@/features/home/home-template';
import { getHomepageSections } from '@/lib/api/catalog';

export const metadata = { alternates: { canonical: '/' } };

export default async function HomePage() {
  const sections = await getHomepageSections();
  return <HomeTemplate sections={sections} />;
}
