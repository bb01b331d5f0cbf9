import { es } from '../../../shared/i18n/es';
import { UnderConstruction } from '../../components/UnderConstruction';

/** WhatsappResumenScreen: not built yet (a later issue replaces this panel). */
export default function WhatsappResumenScreen() {
  return <UnderConstruction title={es.pantallas.resumenWhatsapp} />;
}
