import { es } from '../../../shared/i18n/es';
import { UnderConstruction } from '../../components/UnderConstruction';

/** ConfiguracionScreen: not built yet (a later issue replaces this panel). */
export default function ConfiguracionScreen() {
  return <UnderConstruction title={es.pantallas.configuracion} />;
}
