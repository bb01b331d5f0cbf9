/** How a transport keeps the caller's session token (per window over IPC, an HttpOnly cookie over HTTP). */
export interface CallContext {
  getToken(): string | null;
  setToken(token: string | null): void;
}
