import { es } from '../../../shared/i18n/es';
import { UnderConstruction } from '../../components/UnderConstruction';

/** ProyectosScreen: not built yet (a later issue replaces this panel). */
export default function ProyectosScreen() {
  return <UnderConstruction title={es.pantallas.proyectos} />;
}
