import { contract, type ApiClient, type Area } from '../../shared/contract';
import type { Envelope } from '../../shared/operaciones/envelope';
import { AppError, type ErrorCode, type SerializedError } from '../../shared/errors';
import { es } from '../../shared/i18n/es';

/**
 * One call over some transport (IPC preload or HTTP). It resolves to the operation's Envelope; it rejects
 * only when the transport itself failed (no server, broken answer).
 */
export type Transport = (area: string, operation: string, input: unknown) => Promise<Envelope>;

const ERROR_CODES: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'validation',
  'unauthenticated',
  'forbidden',
  'not_found',
  'conflict',
  'locked',
  'config',
  'unavailable',
  'cancelled',
  'internal',
]);

function isSerializedError(value: unknown): value is SerializedError {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.code === 'string' && ERROR_CODES.has(v.code as ErrorCode) && typeof v.message === 'string';
}

/** True for a well-formed Envelope (anything else means the transport answered garbage). */
export function isEnvelope(value: unknown): value is Envelope {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  if (v.ok === true) return 'data' in v;
  if (v.ok === false) return isSerializedError(v.error);
  return false;
}

/** The error every transport failure becomes: the screens show its message. */
export function unavailableError(): AppError {
  return new AppError('unavailable', es.app.sinConexionServidor);
}

/** ok → data; not ok → the operation's AppError (its message is the Spanish text to show). */
export function unwrapEnvelope<T>(envelope: unknown): T {
  if (!isEnvelope(envelope)) throw unavailableError();
  if (envelope.ok) return envelope.data as T;
  throw AppError.from(envelope.error);
}

/**
 * Builds api.<area>.<operation>(input) for every operation of the contract (no hand-written list), each one
 * calling the transport and unwrapping the Envelope.
 */
export function crearClienteApi(transport: Transport): ApiClient {
  const client: Record<string, Record<string, (input: unknown) => Promise<unknown>>> = {};
  for (const area of Object.keys(contract) as Area[]) {
    const operations: Record<string, (input: unknown) => Promise<unknown>> = {};
    for (const name of Object.keys(contract[area])) {
      operations[name] = async (input: unknown) => {
        let envelope: unknown;
        try {
          envelope = await transport(area, name, input ?? {});
        } catch (error) {
          if (AppError.is(error)) throw error;
          throw unavailableError();
        }
        return unwrapEnvelope(envelope);
      };
    }
    client[area] = operations;
  }
  return client as unknown as ApiClient;
}
