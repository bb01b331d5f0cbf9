/**
 * The one data activity of the host (a backup, a restore, a move), as Configuración → Datos follows it.
 *
 * It is polled, unlike the screens of rows (which redraw on live notices): an activity is the host's memory,
 * not a table, and it goes on while the backend closes and reopens behind it, so no notice could announce it.
 * The poll runs only while the activity is 'en_curso' and stops by itself when it ends.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ActividadDatos } from '../../../shared/ports/datos';
import { es } from '../../../shared/i18n/es';
import { clave, consultas } from '../../api/client';
import { useAuth } from '../../app/auth';
import { notifyError, notifySuccess } from '../../components/toast';

/** How often the running activity is read (it moves in steps of a block of rows). */
export const INTERVALO_ACTIVIDAD_MS = 500;

const consulta = consultas.datos.actividad({});

export function useActividadDatos() {
  return useQuery({
    ...consulta,
    refetchInterval: (query) => (query.state.data?.estado === 'en_curso' ? INTERVALO_ACTIVIDAD_MS : false),
    staleTime: 0,
  });
}

/** After a start: the answer is the running activity, shown (and polled) at once. */
export function useMostrarActividad() {
  const queryClient = useQueryClient();
  return (actividad: ActividadDatos) => queryClient.setQueryData(consulta.queryKey, actividad);
}

/**
 * Reacts once to the end of an activity this page saw running: refreshes what it changed and, after a restore
 * or a move that finished (the database behind the session was replaced), ends the session and goes to the
 * sign-in screen. An activity that had already ended when the page opened is only shown, never acted on.
 */
export function useAlTerminarActividad(actividad: ActividadDatos | null | undefined) {
  const queryClient = useQueryClient();
  const auth = useAuth();
  const navigate = useNavigate();
  const enCurso = useRef<string | null>(null);

  useEffect(() => {
    if (!actividad) return;
    if (actividad.estado === 'en_curso') {
      enCurso.current = actividad.id;
      return;
    }
    if (enCurso.current !== actividad.id) return;
    enCurso.current = null;
    void queryClient.invalidateQueries({ queryKey: clave('datos', 'copias') });
    void queryClient.invalidateQueries({ queryKey: clave('datos', 'traslado') });
    void queryClient.invalidateQueries({ queryKey: clave('conexion', 'backend') });
    const mensaje = actividad.mensaje ?? '';
    if (actividad.estado === 'fallida') notifyError(mensaje);
    else if (actividad.estado === 'terminada') notifySuccess(mensaje);
    if (actividad.estado === 'terminada' && actividad.tipo !== 'copia') {
      notifySuccess(es.datos.actividad.sesionTerminada);
      void auth
        .signOut()
        .catch(() => undefined)
        .then(() => navigate('/', { replace: true }));
    }
  }, [actividad, auth, navigate, queryClient]);
}
