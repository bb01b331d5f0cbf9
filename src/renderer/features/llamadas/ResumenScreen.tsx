import { es } from '../../../shared/i18n/es';
import { UnderConstruction } from '../../components/UnderConstruction';

/** ResumenScreen: not built yet (a later issue replaces this panel). */
export default function ResumenScreen() {
  return <UnderConstruction title={es.pantallas.resumen} />;
}
