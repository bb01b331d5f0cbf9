/** Every secret lives in the OS keychain (keytar API). Never in settings, logs or the renderer. */
export interface SecretsPort {
  get(account: string): Promise<string | null>;
  set(account: string, value: string): Promise<void>;
  delete(account: string): Promise<boolean>;
}
