/** The WhatsApp summary's operation (contract: ./contract.ts): one SQL function answers everything. */
import type { ApiDeps, AreaImplementation } from '../../operaciones/types';
import { conMensaje } from '../../operaciones/comun';
import { mensajes as tm } from '../mensajes/texts';
import { whatsappResumenRepository } from './repository';

export function whatsappResumenOperations({ backend, log }: ApiDeps): AreaImplementation<'whatsappResumen'> {
  const ahora = () => backend.now?.() ?? new Date();
  return {
    async resumen({ tabla, busqueda }, ctx) {
      return conMensaje(tm.errorDatos, () => whatsappResumenRepository(ctx.data).resumen(tabla, busqueda, ahora()), log);
    },
  };
}
