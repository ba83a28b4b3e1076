/** The consent module's public surface: the consent service (hasConsent, consenting, record) and its factories. */
export { ConsentService } from './service';
export { createConsentModule, createConsentService } from './module';
export type { PurposeHandlers } from './routes';
