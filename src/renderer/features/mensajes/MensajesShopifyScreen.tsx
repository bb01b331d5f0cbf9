import { es } from '../../../shared/i18n/es';
import { UnderConstruction } from '../../components/UnderConstruction';

/** MensajesShopifyScreen: not built yet (a later issue replaces this panel). */
export default function MensajesShopifyScreen() {
  return <UnderConstruction title={es.pantallas.mensajesShopify} />;
}
