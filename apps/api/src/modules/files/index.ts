/** The files module's public surface: the file store, upload sniffing and re-encoding, file URLs and routes. */
export { detectFileType } from './detect';
export { avatarUrl, filesRoutes, reviewPhotoUrl } from './routes';
export { S3FileStore, type S3Settings } from './s3-store';
export { LocalFileStore, type FileStore, type StoredFile } from './store';
export { UploadService, type StoredUpload, type Upload } from './uploads';
export { createFilesModule } from './module';
