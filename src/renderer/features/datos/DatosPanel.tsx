import { Alert, SimpleGrid, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { es } from '../../../shared/i18n/es';
import { ActividadCard } from './ActividadCard';
import { useActividadDatos, useAlTerminarActividad } from './actividad';
import { CopiasCard } from './CopiasCard';
import { mensajeDe } from '../../lib/mensaje-error';
import { RegistroCard } from './RegistroCard';
import { TrasladoCard } from './TrasladoCard';

/**
 * Configuración → Datos (issue 16), administrators only: the data activity running now (or the last one's
 * outcome), the backups, the move to Supabase and the diagnostic log.
 */
export function DatosPanel() {
  const actividad = useActividadDatos();
  useAlTerminarActividad(actividad.data);
  const ocupado = actividad.data?.estado === 'en_curso';
  return (
    <Stack gap="lg" data-testid="panel-datos">
      {actividad.isError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
          {actividad.error ? mensajeDe(actividad.error) : es.datos.actividad.errorLeer}
        </Alert>
      )}
      {actividad.data && <ActividadCard actividad={actividad.data} />}
      <CopiasCard ocupado={ocupado} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <TrasladoCard ocupado={ocupado} />
        <RegistroCard />
      </SimpleGrid>
    </Stack>
  );
}
