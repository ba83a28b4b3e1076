/**
 * The grievances module's factory (lib/module.ts): built after orders (an order named in a
 * grievance is checked against the complainant) and the settings (the officer's line in mails).
 */
import type { Mailer } from '../../lib/mail';
import type { ApiModule } from '../../lib/module';
import { grievancesJobs } from './jobs';
import { GrievanceMails } from './mail';
import { grievancesAdminRoutes, grievancesRoutes } from './routes';
import { GrievancesService, type GrievancesDeps } from './service';

export function createGrievancesModule(
  deps: GrievancesDeps & { mailer: Mailer; storefrontUrl: string; officer: () => Promise<string | null> },
): { grievances: GrievancesService; module: ApiModule } {
  const grievances = new GrievancesService(deps);
  const mails = new GrievanceMails({
    row: (id) => grievances.row(id),
    mailer: deps.mailer,
    storefrontUrl: deps.storefrontUrl,
    officer: deps.officer,
  });
  return {
    grievances,
    module: {
      name: 'grievances',
      jobs: grievancesJobs(mails),
      routes: async (app) => {
        await app.register(grievancesRoutes, { grievances });
        await app.register(grievancesAdminRoutes, { grievances });
      },
    },
  };
}
