/**
 * The one data activity of the host (a backup, a restore, a move), as Configuración → Datos follows it: a
 * `Trabajo` followed with the one hook, `useTrabajo` (it asks again only while the activity is 'en_curso': it
 * is the host's memory, not a table, and it goes on while the backend closes and reopens behind it).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ActividadDatos } from '../../../shared/ports/datos';
import { es } from '../../../shared/i18n/es';
import { clave, consultas } from '../../api/client';
import { recuerdoTrabajo, useTrabajo } from '../../api/useTrabajo';
import { useAuth } from '../../app/auth';
import { notifyError, notifySuccess } from '../../components/toast';

const consulta = consultas.datos.actividad({});
/** The page remembers the activity it follows under this name (api/useTrabajo.ts `recordar`). */
const RECORDAR = 'datos';
/** Ends already shown in this page (the panel and the layout's follower may both see one end). */
const mostrados = new Set<string>();

/**
 * The activity, read and followed. With `reaccionar` (the layout's follower, mounted once for administrators)
 * its end is acted on once: what it changed is refreshed and its outcome shown; after a restore or a move this
 * page saw finish, the session ends and the sign-in screen opens (the database behind the session was
 * replaced). The end of a move the page saw only before signing in again (the switch to Supabase ends the
 * embedded session: the page lands on the sign-in screen first) is shown once signed in on the new backend.
 */
export function useActividadDatos(opciones: { reaccionar?: boolean } = {}) {
  const queryClient = useQueryClient();
  const auth = useAuth();
  const navigate = useNavigate();
  const alTerminar = useCallback(
    (actividad: ActividadDatos, { vistoEnCurso }: { vistoEnCurso: boolean }) => {
      if (mostrados.has(actividad.id)) return;
      mostrados.add(actividad.id);
      void queryClient.invalidateQueries({ queryKey: clave('datos', 'copias') });
      void queryClient.invalidateQueries({ queryKey: clave('datos', 'traslado') });
      void queryClient.invalidateQueries({ queryKey: clave('conexion', 'backend') });
      const mensaje = actividad.mensaje ?? '';
      if (actividad.estado === 'fallido' || actividad.estado === 'interrumpido') notifyError(mensaje);
      else if (actividad.estado === 'terminado') notifySuccess(mensaje);
      if (vistoEnCurso && actividad.estado === 'terminado' && actividad.tipo !== 'copia') {
        notifySuccess(es.datos.actividad.sesionTerminada);
        void auth
          .signOut()
          .catch(() => undefined)
          .then(() => navigate('/', { replace: true }));
      }
    },
    [auth, navigate, queryClient],
  );
  return useTrabajo<ActividadDatos>(consulta, opciones.reaccionar ? { recordar: RECORDAR, alTerminar } : {});
}

/** After a start: the answer is the running activity, shown (and followed, and remembered) at once. */
export function useMostrarActividad() {
  const queryClient = useQueryClient();
  return (actividad: ActividadDatos) => {
    recuerdoTrabajo.guardar(RECORDAR, actividad.id);
    queryClient.setQueryData(consulta.queryKey, actividad);
  };
}

/** The layout's follower of the data activity (administrators): renders nothing. */
export function SeguimientoActividadDatos() {
  useActividadDatos({ reaccionar: true });
  return null;
}
