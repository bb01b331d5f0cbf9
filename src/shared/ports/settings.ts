/** Non-secret preferences (electron-store on the desktop, a JSON file under the data folder elsewhere). */
export interface SettingsPort {
  get<T>(key: string): T | undefined;
  set<T>(key: string, value: T): void;
  delete(key: string): void;
}
