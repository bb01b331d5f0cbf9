import { es } from '../../../shared/i18n/es';
import { UnderConstruction } from '../../components/UnderConstruction';

/** AgenteMarketingScreen: not built yet (a later issue replaces this panel). */
export default function AgenteMarketingScreen() {
  return <UnderConstruction title={es.pantallas.agenteMarketing} />;
}
