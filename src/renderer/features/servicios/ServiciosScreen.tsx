import { es } from '../../../shared/i18n/es';
import { UnderConstruction } from '../../components/UnderConstruction';

/** ServiciosScreen: not built yet (a later issue replaces this panel). */
export default function ServiciosScreen() {
  return <UnderConstruction title={es.pantallas.servicios} />;
}
