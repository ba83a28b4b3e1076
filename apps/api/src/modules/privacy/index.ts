/** The privacy module's public surface: data rights (summary, export, erasure), retention, the registry of personal data. */
export { createPrivacyModule } from './module';
export { PrivacyService, retainUntil, type ErasureReason } from './service';
export { Retention, type RetentionResult } from './retention';
export { PRIVACY_RETENTION_JOB } from './jobs';
export { PERSONAL_DATA, NOT_SHOPPER_DATA, type PersonalDataEntry } from './registry';
