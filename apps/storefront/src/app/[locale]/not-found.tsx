import type { Metadata } from 'next';
import { useTranslations } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import { EmptyState } from '@/components/ui/empty-state';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('common.notFound');
  return { title: t('title'), robots: { index: false } };
}

export default function NotFound() {
  const t = useTranslations('common.notFound');
  return (
    <EmptyState
      heading={t('heading')}
      body={t('body')}
      actions={[
        { label: t('continueShopping'), href: '/shop' },
        { label: t('home'), href: '/' },
      ]}
    />
  );
}
