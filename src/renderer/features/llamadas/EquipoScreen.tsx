import { es } from '../../../shared/i18n/es';
import { UnderConstruction } from '../../components/UnderConstruction';

/** EquipoScreen: not built yet (a later issue replaces this panel). */
export default function EquipoScreen() {
  return <UnderConstruction title={es.pantallas.equipo} />;
}
