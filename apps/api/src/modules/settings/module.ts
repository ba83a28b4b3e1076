/**
 * The settings module's factory (lib/module.ts): what the owner decides (name, logo, seller,
 * COD, returns, gateways), the environment's values until saved in the admin (docs/admin.md
 * "Store settings"), read at each use by the other modules.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ApiModule } from '../../lib/module';
import type { FileStore } from '../files';
import { StorePictures } from './pictures';
import { storeSettingsRoutes } from './routes';
import { StoreSettingsService, type StoreSettingsDeps } from './service';

/** `store` is the admin settings store (the staff module's StaffService). */
export function createSettingsModule(deps: StoreSettingsDeps & { files: FileStore; log: FastifyBaseLogger }): {
  settings: StoreSettingsService;
  module: ApiModule;
} {
  const { files, log, ...options } = deps;
  const settings = new StoreSettingsService(options);
  return {
    settings,
    module: {
      name: 'settings',
      routes: async (app) => {
        await app.register(storeSettingsRoutes, { settings, pictures: new StorePictures(files) });
      },
      // Read once before serving, so no later reader (a mail inside a transaction) waits on the database.
      start: () =>
        settings.read().then(
          () => undefined,
          (err: unknown) => log.warn({ err }, 'store settings not read at start'),
        ),
    },
  };
}
