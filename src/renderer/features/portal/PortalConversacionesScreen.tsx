import { es } from '../../../shared/i18n/es';
import { UnderConstruction } from '../../components/UnderConstruction';

/** PortalConversacionesScreen: not built yet (a later issue replaces this panel). */
export default function PortalConversacionesScreen() {
  return <UnderConstruction title={es.portal.conversaciones} />;
}
