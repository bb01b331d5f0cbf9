import { Alert, SimpleGrid, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { es } from '../../../shared/i18n/es';
import { ActividadCard } from './ActividadCard';
import { useActividadDatos } from './actividad';
import { CopiasCard } from './CopiasCard';
import { mensajeDe } from '../../lib/mensaje-error';
import { RegistroCard } from './RegistroCard';
import { TrasladoCard } from './TrasladoCard';

/**
 * Configuración → Datos (issue 16), administrators only: the data activity running now (or the last one's
 * outcome), the backups, the move to Supabase and the diagnostic log.
 */
export function DatosPanel() {
  // Its end is acted on by the layout's follower (SeguimientoActividadDatos); the panel shows it.
  const { estado: actividad, query } = useActividadDatos();
  const ocupado = actividad?.estado === 'en_curso';
  return (
    <Stack gap="lg" data-testid="panel-datos">
      {query.isError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
          {query.error ? mensajeDe(query.error) : es.datos.actividad.errorLeer}
        </Alert>
      )}
      {actividad && <ActividadCard actividad={actividad} />}
      <CopiasCard ocupado={ocupado} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <TrasladoCard ocupado={ocupado} />
        <RegistroCard />
      </SimpleGrid>
    </Stack>
  );
}
