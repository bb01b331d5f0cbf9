import { ClientesVista } from './ClientesVista';
import { t } from './comun';

/** Calls / team view (part 1 §2.6): the active-campaign selector and its client list. */
export default function EquipoScreen() {
  return <ClientesVista titulo={t.clientes.tituloEquipo} />;
}
