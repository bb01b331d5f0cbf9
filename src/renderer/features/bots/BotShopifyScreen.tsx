import { es } from '../../../shared/i18n/es';
import { UnderConstruction } from '../../components/UnderConstruction';

/** BotShopifyScreen: not built yet (a later issue replaces this panel). */
export default function BotShopifyScreen() {
  return <UnderConstruction title={es.pantallas.configuracionEmpresas} description={`${es.pantallas.canalShopify} · ${es.app.enConstruccionDetalle}`} />;
}
