import { es } from '../../../shared/i18n/es';
import { UnderConstruction } from '../../components/UnderConstruction';

/** MetricasScreen: not built yet (a later issue replaces this panel). */
export default function MetricasScreen() {
  return <UnderConstruction title={es.pantallas.metricas} />;
}
