import { ClientesVista } from './ClientesVista';
import { t } from './comun';

/** 'Listado de Clientes' (part 1 §2.7): the same view as Equipo, under its own route. */
export default function ClientesScreen() {
  return <ClientesVista titulo={t.clientes.titulo} />;
}
