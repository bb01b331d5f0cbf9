import { es } from '../../../shared/i18n/es';
import { UnderConstruction } from '../../components/UnderConstruction';

/** WhatsappEmpresasScreen: not built yet (a later issue replaces this panel). */
export default function WhatsappEmpresasScreen() {
  return <UnderConstruction title={es.pantallas.configuracionEmpresas} description={`${es.pantallas.canalWhatsapp} · ${es.app.enConstruccionDetalle}`} />;
}
