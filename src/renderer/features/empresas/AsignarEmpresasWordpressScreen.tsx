import { es } from '../../../shared/i18n/es';
import { UnderConstruction } from '../../components/UnderConstruction';

/** AsignarEmpresasWordpressScreen: not built yet (a later issue replaces this panel). */
export default function AsignarEmpresasWordpressScreen() {
  return <UnderConstruction title={es.pantallas.asignarEmpresasWordpress} />;
}
