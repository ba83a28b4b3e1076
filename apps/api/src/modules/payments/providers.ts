/**
 * Which gateways this API offers, from its configuration: the sandbox page outside
 * production only (it moves no money; config refuses PAYMENT_GATEWAY=sandbox in production); PhonePe whenever its client credentials
 * are set (webhooks and status reads of its payments keep working even if the store later
 * switches gateway); Razorpay whenever its key id and secret are set, likewise. Cash on delivery
 * needs no provider.
 */
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { PhonePeProvider, webhookAuthorization } from './phonepe';
import type { GatewayName, PaymentProvider } from './provider';
import { RazorpayProvider } from './razorpay';
import { SandboxProvider } from './sandbox';

export function paymentProvidersFromConfig(config: Config, db: Db): Partial<Record<GatewayName, PaymentProvider>> {
  const providers: Partial<Record<GatewayName, PaymentProvider>> = {};
  if (config.env !== 'production') {
    providers.sandbox = new SandboxProvider(db, config.publicUrl);
  }
  const { clientId, clientSecret } = config.phonepe;
  if (clientId && clientSecret) {
    providers.phonepe = new PhonePeProvider({
      baseUrl: config.phonepe.baseUrl,
      authUrl: config.phonepe.authUrl,
      clientId,
      clientSecret,
      clientVersion: config.phonepe.clientVersion,
    });
  }
  const { keyId, keySecret } = config.razorpay;
  if (keyId && keySecret) {
    providers.razorpay = new RazorpayProvider({ baseUrl: config.razorpay.baseUrl, keyId, keySecret });
  }
  return providers;
}

/** The Authorization header PhonePe's webhooks must carry; null (every webhook refused) when not configured. */
export function phonePeWebhookAuthorizationFromConfig(config: Config): string | null {
  const { webhookUsername, webhookPassword } = config.phonepe;
  return webhookUsername && webhookPassword ? webhookAuthorization(webhookUsername, webhookPassword) : null;
}
