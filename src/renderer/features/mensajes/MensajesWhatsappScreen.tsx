import { es } from '../../../shared/i18n/es';
import { UnderConstruction } from '../../components/UnderConstruction';

/** MensajesWhatsappScreen: not built yet (a later issue replaces this panel). */
export default function MensajesWhatsappScreen() {
  return <UnderConstruction title={es.pantallas.mensajesWhatsapp} />;
}
