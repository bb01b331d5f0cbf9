import { es } from '../../../shared/i18n/es';
import { UnderConstruction } from '../../components/UnderConstruction';

/** MensajesWordPressScreen: not built yet (a later issue replaces this panel). */
export default function MensajesWordPressScreen() {
  return <UnderConstruction title={es.pantallas.mensajesWordPress} />;
}
