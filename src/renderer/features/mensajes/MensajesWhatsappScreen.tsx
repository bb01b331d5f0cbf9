import { MensajesScreen } from './MensajesScreen';

/** Mensajes de Whatsapp (part 3 §2.3). */
export default function MensajesWhatsappScreen() {
  return <MensajesScreen canal="whatsapp" />;
}
