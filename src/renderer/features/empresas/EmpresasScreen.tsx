import { es } from '../../../shared/i18n/es';
import { UnderConstruction } from '../../components/UnderConstruction';

/** EmpresasScreen: not built yet (a later issue replaces this panel). */
export default function EmpresasScreen() {
  return <UnderConstruction title={es.pantallas.empresas} />;
}
