// The shopper's pages get every message (src/i18n/client-messages.tsx).
export { ShopperPagesLayout as default } from '@/i18n/client-messages';
