/** How a transport keeps the caller's session token (per window over IPC, an HttpOnly cookie over HTTP). */
export interface CallContext {
  getToken(): string | null;
  setToken(token: string | null): void;
  /**
   * The network address the call came from, where the transport knows one (HTTP: the socket's remote
   * address). Login throttles count per address; IPC calls come from this machine's own window and have none.
   */
  clientAddress?: string;
  /** The caller's User-Agent (HTTP), recorded with a new session so people recognise their devices. */
  userAgent?: string;
  /**
   * Set by the HTTP host for /api/portal/*: the token this context keeps is the portal's own HttpOnly cookie
   * (never an operator's session). Elsewhere (a desktop window) the portal token travels in the input.
   */
  portalCookie?: boolean;
}
