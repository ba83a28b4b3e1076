import type messages from './messages/en';
import type { routing } from './routing';

// Typed keys: t('common.missing') fails the typecheck (next-intl's AppConfig).
declare module 'next-intl' {
  interface AppConfig {
    Locale: (typeof routing.locales)[number];
    Messages: typeof messages;
  }
}
