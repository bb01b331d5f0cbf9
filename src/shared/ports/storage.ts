/**
 * File storage (part 3 §7): Supabase Storage on the hosted backend, a folder in the app's data folder on
 * the embedded one. Paths are built and checked by src/shared/areas/marketing/archivos.ts; uploads never overwrite.
 */
export interface StoragePort {
  /** Stores the bytes; throws AppError('conflict') when the path already exists. */
  upload(bucket: string, path: string, bytes: Uint8Array, options: { contentType: string; cacheControlSeconds: number }): Promise<void>;
  /** Throws AppError('not_found') when there is no such file. */
  download(bucket: string, path: string): Promise<Uint8Array>;
  /** Removes the files; a path that does not exist is not an error. */
  remove(bucket: string, paths: string[]): Promise<void>;
}
