/** The policies module's public surface: the store's policy pages (behaviour.md "Policies and listing details"). */
export { createPoliciesModule } from './module';
export { PoliciesService, renderPolicyMarkdown } from './service';
