import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { AuthState } from '../../shared/contract';
import type { Operator } from '../../shared/ports/operador';
import type { PrimerAdmin } from '../../shared/areas/auth/contract';
import { api } from '../api/client';
import type { AuthStatus } from './auth-wait';

/**
 * Who is signed in. The session itself never reaches the browser's storage: over HTTP it is an HttpOnly
 * cookie, on the desktop the main process keeps it. This provider only remembers the operator in memory.
 */
export interface AuthContextValue {
  status: AuthStatus;
  operator: Operator | null;
  /** No operator exists yet: '/' shows the first-administrator screen. */
  needsSetup: boolean;
  backend: 'embedded' | 'hosted' | null;
  /** Reads the current status at call time (for polling from effects). */
  getStatus: () => AuthStatus;
  /** Answers null when the password was right and the second factor's code is still missing (`requiereCodigo`). */
  signIn: (email: string, password: string) => Promise<Operator | null>;
  /** The password was right; the session waits for the authenticator app's code (issue 27). */
  requiereCodigo: boolean;
  /** Sign-in's second step. */
  verifyCode: (codigo: string) => Promise<Operator>;
  createFirstAdmin: (input: PrimerAdmin) => Promise<Operator>;
  /** Ends the session; the local state is signed out even when the call fails (the error is rethrown). */
  signOut: () => Promise<void>;
  refresh: () => Promise<void>;
  /** Forget the operator locally (e.g. an operation answered 'unauthenticated'). */
  markSignedOut: () => void;
}

interface State {
  status: AuthStatus;
  operator: Operator | null;
  needsSetup: boolean;
  backend: 'embedded' | 'hosted' | null;
  requiereCodigo?: boolean;
}

const INITIAL: State = { status: 'loading', operator: null, needsSetup: false, backend: null };

const AuthContext = createContext<AuthContextValue | null>(null);

/** Event the query layer fires when any operation answers 'unauthenticated' (session expired). */
export const UNAUTHENTICATED_EVENT = 'consola:no-autenticado';

export function AuthProvider({ children, onSignedOut }: { children: ReactNode; onSignedOut?: () => void }) {
  const [state, setState] = useState<State>(INITIAL);
  const stateRef = useRef<State>(INITIAL);
  const onSignedOutRef = useRef(onSignedOut);
  useEffect(() => {
    onSignedOutRef.current = onSignedOut;
  }, [onSignedOut]);

  const update = useCallback((next: State) => {
    stateRef.current = next;
    setState(next);
  }, []);

  const signedOut = useCallback(
    (needsSetup = false) => {
      update({ status: 'signedOut', operator: null, needsSetup, backend: stateRef.current.backend });
      onSignedOutRef.current?.();
    },
    [update],
  );

  const apply = useCallback(
    (estado: AuthState) =>
      update(
        estado.operator
          ? { status: 'signedIn', operator: estado.operator, needsSetup: false, backend: estado.backend }
          : { status: 'signedOut', operator: null, needsSetup: estado.needsSetup, backend: estado.backend, requiereCodigo: estado.requiereCodigo === true },
      ),
    [update],
  );
  // The host cannot be reached: treat as signed out; the login screen shows the error on submit.
  const unreachable = useCallback(
    () => update({ status: 'signedOut', operator: null, needsSetup: false, backend: stateRef.current.backend }),
    [update],
  );

  const refresh = useCallback(() => api.auth.estado({}).then(apply, unreachable), [apply, unreachable]);

  useEffect(() => {
    api.auth.estado({}).then(apply, unreachable);
  }, [apply, unreachable]);

  useEffect(() => {
    const handler = () => {
      if (stateRef.current.status === 'signedIn') signedOut(false);
    };
    window.addEventListener(UNAUTHENTICATED_EVENT, handler);
    return () => window.removeEventListener(UNAUTHENTICATED_EVENT, handler);
  }, [signedOut]);

  const signIn = useCallback(
    async (email: string, password: string) => {
      const { requiereCodigo, ...operator } = await api.auth.iniciarSesion({ email, password });
      if (requiereCodigo) {
        update({ status: 'signedOut', operator: null, needsSetup: false, backend: stateRef.current.backend, requiereCodigo: true });
        return null;
      }
      update({ status: 'signedIn', operator, needsSetup: false, backend: stateRef.current.backend });
      return operator;
    },
    [update],
  );

  const verifyCode = useCallback(
    async (codigo: string) => {
      const operator = await api.auth.verificarCodigo({ codigo });
      update({ status: 'signedIn', operator, needsSetup: false, backend: stateRef.current.backend });
      return operator;
    },
    [update],
  );

  const crearPrimerAdmin = useCallback(
    async (input: PrimerAdmin) => {
      await api.auth.crearPrimerAdmin(input);
      // The host may open the session itself; if it did not, sign in with the same credentials.
      const estado = await api.auth.estado({}).catch(() => null);
      const operator =
        estado?.operator ?? (await api.auth.iniciarSesion({ email: input.email, password: input.password }));
      update({ status: 'signedIn', operator, needsSetup: false, backend: stateRef.current.backend });
      return operator;
    },
    [update],
  );

  const signOut = useCallback(async () => {
    try {
      await api.auth.cerrarSesion({});
    } finally {
      signedOut(false);
    }
  }, [signedOut]);

  const getStatus = useCallback(() => stateRef.current.status, []);
  const markSignedOut = useCallback(() => signedOut(false), [signedOut]);

  const value = useMemo<AuthContextValue>(
    () => ({
      ...state,
      requiereCodigo: state.requiereCodigo === true,
      getStatus,
      signIn,
      verifyCode,
      createFirstAdmin: crearPrimerAdmin,
      signOut,
      refresh,
      markSignedOut,
    }),
    [state, getStatus, signIn, verifyCode, crearPrimerAdmin, signOut, refresh, markSignedOut],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
