import { es } from '../../../shared/i18n/es';
import { UnderConstruction } from '../../components/UnderConstruction';

/** PortalServiciosScreen: not built yet (a later issue replaces this panel). */
export default function PortalServiciosScreen() {
  return <UnderConstruction title={es.portal.servicios} />;
}
