/** The store settings module's public surface (docs/admin.md "Store settings"). */
export { jpegOf, StorePictures } from './pictures';
export { storeSettingsRoutes } from './routes';
export { STORE_SETTINGS_CACHE_MS, StoreSettingsService, type CartReminderTimes, type Seller } from './service';
export { createSettingsModule } from './module';
