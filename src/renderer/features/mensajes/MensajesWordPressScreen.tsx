import { MensajesScreen } from './MensajesScreen';

/** Mensajes de WordPress (part 3 §2.3). */
export default function MensajesWordPressScreen() {
  return <MensajesScreen canal="wordpress" />;
}
