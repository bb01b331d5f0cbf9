import type { Operator } from './operador';

/**
 * How long an operator's session lasts (a working day), on both backends; the HTTP cookie gets the same
 * lifetime. The company portal's sessions have their own (domain/portal.ts).
 */
export const OPERATOR_SESSION_HOURS = 12;

/** What the Node side keeps for a signed-in operator. The token never reaches the renderer in clear. */
export interface AuthSession {
  token: string;
  operator: Operator;
  /** ISO timestamp. */
  expiresAt: string;
  /** The session's id where the backend knows it (auth.sessions.id; Supabase's session_id claim). */
  sessionId?: string;
  /** Authenticator assurance level: 'aal2' once a second factor was verified in this session. */
  aal?: 'aal1' | 'aal2';
  /**
   * The operator has a second factor and this session has not verified it yet: it may only verify the code
   * (auth.verificarCodigo) or sign out; every other operation answers as if there were no session.
   */
  mfaPendiente?: boolean;
}

/** The claims a data request carries for a session, as Supabase Auth puts them in its token. */
export function claimsDe(session: AuthSession): RequestClaims {
  return {
    sub: session.operator.id,
    email: session.operator.email,
    role: 'authenticated',
    aal: session.aal ?? 'aal1',
    ...(session.sessionId ? { session_id: session.sessionId } : {}),
  };
}

/** The second factor (TOTP) of the signed-in operator: embedded in SQL and the keychain, hosted in Supabase Auth. */
export interface MfaPort {
  /** Whether the session's operator has a verified factor, and how many recovery codes he has left (embedded). */
  estado(token: string): Promise<{ activo: boolean; codigosRestantes: number | null }>;
  /** Starts an enrolment: a new secret, not active until confirmed. Answers the otpauth:// URI and the secret. */
  iniciar(token: string): Promise<{ uri: string; secreto: string; factorId?: string }>;
  /** Confirms the enrolment with a code from the app; the session becomes aal2. Answers the recovery codes (shown once). */
  confirmar(token: string, codigo: string): Promise<{ codigosRecuperacion: string[] }>;
  /** Sign-in's second step (a code from the app or a recovery code): false when it is wrong, used or outside the window. */
  verificar(token: string, codigo: string): Promise<boolean>;
  /** Removes the factor after checking a current code. False when the code is wrong. */
  desactivar(token: string, codigo: string): Promise<boolean>;
}

/** The claims every data request carries, exactly as Supabase puts them in request.jwt.claims. */
export interface RequestClaims {
  sub: string;
  email: string;
  role: 'authenticated';
  aal?: 'aal1' | 'aal2';
  session_id?: string;
}

/** What the transport knows of the device a sign-in comes from (shown in Configuración → Seguridad). */
export interface Dispositivo {
  userAgent?: string;
  ip?: string;
}

export interface LoginLock {
  /** ISO timestamp until which the e-mail is locked, or null. */
  lockedUntil: string | null;
  failedCount: number;
}

export interface AuthPort {
  /** True while no operator exists yet: the first screen then creates the first administrator. */
  needsSetup(): Promise<boolean>;
  /** Creates the first administrator; refused once any operator exists. */
  createFirstAdmin(input: { nombre: string; email: string; password: string }): Promise<AuthSession>;
  /** Verifies e-mail and password. Returns null on a wrong pair (the api layer counts failures). */
  verifyPassword(email: string, password: string, dispositivo?: Dispositivo): Promise<AuthSession | null>;
  /** Resolves a token to its live session, or null when unknown or expired. */
  getSession(token: string): Promise<AuthSession | null>;
  signOut(token: string): Promise<void>;
  /** Failed-login bookkeeping for the lockout rule (areas/auth/rules.ts decides, areas/auth/attempts.ts drives). */
  getLoginLock(email: string): Promise<LoginLock>;
  /**
   * Compare-and-set of the e-mail's counter, atomic in the store: replaces it with `next` only if it is still
   * `expected` (no row counts as NO_LOCK; `next` = NO_LOCK removes the row). False when another attempt
   * changed it first: the caller reads again. This is what keeps parallel attempts from sharing one count.
   */
  swapLoginLock(email: string, expected: LoginLock, next: LoginLock): Promise<boolean>;
  /**
   * Changes the signed-in operator's password after verifying the current one. Returns false (and changes
   * nothing) when the current password is wrong. Throws AppError with the provider's message otherwise.
   */
  changePassword(token: string, currentPassword: string, newPassword: string): Promise<boolean>;
  /**
   * Ends every session of an operator (deactivated, or his password reset) except `keepToken`'s, at once.
   * Embedded: its own sessions table. Hosted: the sessions this process holds; the others end on their next
   * request, when getSession reads the profile again.
   */
  endSessions(userId: string, keepToken?: string): Promise<void>;
  /**
   * Embedded only (hosted operators are invited from Supabase): creates the auth user of an e-mail an
   * administrator has just authorised (the database trigger gives it the authorised name and role).
   * Called only after operadores_agregar, as the caller, accepted. Answers the new user's id.
   */
  createUser?(input: { email: string; nombre: string; password: string }): Promise<string>;
  /** The second factor, where the backend offers it. */
  mfa?: MfaPort;
  /**
   * Called whenever sessions may have ended (sign-out, closed from Configuración → Seguridad, an operator
   * deactivated or his password reset): each live-update stream re-checks its own session at once and ends if
   * it is gone (serve.ts). `avisar` is for the operations that end sessions through SQL.
   */
  sesionesTerminadas?: { suscribir(oyente: () => void): () => void; avisar(): void };
  /** Embedded only: sets an operator's password and ends his sessions (except `keepToken`'s). */
  setPassword?(userId: string, password: string, keepToken?: string): Promise<void>;
}
