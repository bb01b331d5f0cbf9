import { es } from '../../../shared/i18n/es';
import { UnderConstruction } from '../../components/UnderConstruction';

/** ClientesScreen: not built yet (a later issue replaces this panel). */
export default function ClientesScreen() {
  return <UnderConstruction title={es.pantallas.clientes} />;
}
