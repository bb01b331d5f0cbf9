import { es } from '../../../shared/i18n/es';
import { UnderConstruction } from '../../components/UnderConstruction';

/** PortalEquipoScreen: not built yet (a later issue replaces this panel). */
export default function PortalEquipoScreen() {
  return <UnderConstruction title={es.portal.equipo} />;
}
