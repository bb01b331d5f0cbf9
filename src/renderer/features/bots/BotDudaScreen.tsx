import { es } from '../../../shared/i18n/es';
import { UnderConstruction } from '../../components/UnderConstruction';

/** BotDudaScreen: not built yet (a later issue replaces this panel). */
export default function BotDudaScreen() {
  return <UnderConstruction title={es.pantallas.configuracionEmpresas} description={`${es.pantallas.canalDuda} · ${es.app.enConstruccionDetalle}`} />;
}
