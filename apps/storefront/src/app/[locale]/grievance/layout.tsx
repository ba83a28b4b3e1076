// The grievance page's forms get every message (src/i18n/client-messages.tsx): it serves signed-in shoppers too.
export { ShopperPagesLayout as default } from '@/i18n/client-messages';
