import { es } from '../../../shared/i18n/es';
import { UnderConstruction } from '../../components/UnderConstruction';

/** CampanasScreen: not built yet (a later issue replaces this panel). */
export default function CampanasScreen() {
  return <UnderConstruction title={es.pantallas.campanas} />;
}
