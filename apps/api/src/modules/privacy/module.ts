/**
 * The privacy module's factory (lib/module.ts): the shopper's data rights on the account page
 * (summary, export, erasure) and the retention job (docs/behaviour.md "Data rights: export,
 * erasure, retention").
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Mailer } from '../../lib/mail';
import type { ApiModule } from '../../lib/module';
import type { OneTimeCodeService, PhoneAuthService, SessionCookieOptions } from '../auth';
import { privacyJobs } from './jobs';
import { Retention } from './retention';
import { privacyRoutes } from './routes';
import { PrivacyService } from './service';

export function createPrivacyModule(deps: {
  db: Db;
  mailer: Mailer;
  codes: Pick<OneTimeCodeService, 'issue' | 'consume'>;
  /** The codes texted to the verified number of an account without an email. */
  phoneCodes: Pick<PhoneAuthService, 'startErasure' | 'confirmErasure'>;
  removeFiles: (keys: string[]) => Promise<void>;
  /** Years without activity before an account is erased (store settings), read at each use. */
  inactiveYears: () => Promise<number>;
  storeName: () => Promise<string>;
  storefrontUrl: string;
  sessionCookie: SessionCookieOptions;
  log: FastifyBaseLogger;
}): { privacy: PrivacyService; retention: Retention; module: ApiModule } {
  const privacy = new PrivacyService(deps);
  const retention = new Retention({ ...deps, privacy });
  return {
    privacy,
    retention,
    module: {
      name: 'privacy',
      jobs: privacyJobs(retention, deps.log),
      routes: async (app) =>
        void (await app.register(privacyRoutes, {
          privacy,
          storeName: deps.storeName,
          sessionCookie: deps.sessionCookie,
        })),
    },
  };
}
