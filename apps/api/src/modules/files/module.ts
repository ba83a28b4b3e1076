/**
 * The files module's factory (lib/module.ts): the shoppers' uploads (avatars, review photos)
 * within each account's quota, and the route that serves stored files.
 */
import type { Db } from '../../db/client';
import type { ApiModule } from '../../lib/module';
import { filesRoutes } from './routes';
import type { FileStore } from './store';
import { UploadService } from './uploads';

export function createFilesModule(deps: { db: Db; files: FileStore; uploadQuotaBytes: number }): {
  uploads: UploadService;
  module: ApiModule;
} {
  const uploads = new UploadService(deps.db, deps.files, { quotaBytes: deps.uploadQuotaBytes });
  return {
    uploads,
    module: { name: 'files', routes: async (app) => void (await app.register(filesRoutes, { files: deps.files })) },
  };
}
