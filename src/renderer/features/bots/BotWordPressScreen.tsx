import { es } from '../../../shared/i18n/es';
import { UnderConstruction } from '../../components/UnderConstruction';

/** BotWordPressScreen: not built yet (a later issue replaces this panel). */
export default function BotWordPressScreen() {
  return <UnderConstruction title={es.pantallas.configuracionEmpresas} description={`${es.pantallas.canalWordPress} · ${es.app.enConstruccionDetalle}`} />;
}
