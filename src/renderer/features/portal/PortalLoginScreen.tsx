import { es } from '../../../shared/i18n/es';
import { UnderConstruction } from '../../components/UnderConstruction';

/** PortalLoginScreen: not built yet (a later issue replaces this panel). */
export default function PortalLoginScreen() {
  return <UnderConstruction title={es.portal.accesoEmpresa} />;
}
