import { es } from '../../../shared/i18n/es';
import { UnderConstruction } from '../../components/UnderConstruction';

/** PlanesScreen: not built yet (a later issue replaces this panel). */
export default function PlanesScreen() {
  return <UnderConstruction title={es.pantallas.planes} />;
}
