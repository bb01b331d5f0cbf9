/**
 * The inbound results listener (src/main/entrada/servidor.ts) started over a test's api, as the host starts it:
 * on 127.0.0.1 and a free port, writing through the embedded backend's privileged data port, with the secrets
 * the api rotated in the real keychain and the test's clock.
 */
import { iniciarEntrada, type EntradaEnMarcha, type LimitesEntrada } from '../../src/main/entrada/servidor';
import { ENTRADA_SETTINGS_KEY, type EntradaSettings } from '../../src/shared/areas/conexion/entrada';
import type { Clock, embeddedApi } from './operators';

type ApiDePrueba = Awaited<ReturnType<typeof embeddedApi>>;

export function iniciarEntradaDePrueba(env: ApiDePrueba, clock: Clock, limites?: Partial<LimitesEntrada>): Promise<EntradaEnMarcha> {
  return iniciarEntrada({
    direccion: '127.0.0.1',
    puerto: 0,
    datos: () => env.backend.datosSistema!(),
    secretos: env.secrets,
    versionSecreto: (ruta) => env.settings.get<EntradaSettings>(ENTRADA_SETTINGS_KEY)?.rotaciones?.[ruta],
    now: clock.now,
    ...(limites ? { limites } : {}),
  });
}
