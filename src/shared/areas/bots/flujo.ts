/**
 * 'Crear Flujo N8N' (part 3 §7): create the message table, POST the flow creation from the Node side, then
 * store the company's agent webhook. Shopify and WordPress go on without the table (manual SQL is returned);
 * Duda and WhatsApp stop. A deactivated company gets no flow, and no flow ever names a table that is not a
 * message table (the SQL rule verificar_tabla_mensajes, also for companies registered before it existed).
 */
import type { Backend } from '../../ports';
import type { CrearFlujoResultado } from './contract';
import type { BotsRepository } from './repository';
import { AppError } from '../../errors';
import { CANALES, nombreFlujo, webhookAgente } from './rules';
import type { CanalBot } from '../../domain/bot-tablas';
import { sqlCrearTablaMensajes } from '../../domain/bot-tablas';
import { bots } from "./texts";
import { errores } from "../../textos";
import { conexion } from "../conexion/texts";

const t = bots.flujo;

export async function crearFlujo(backend: Backend, repo: BotsRepository, canal: CanalBot, clave: string): Promise<CrearFlujoResultado> {
  const info = CANALES[canal];
  const webhooks = backend.webhooks;
  if (!webhooks) throw new AppError('config', errores.requiereEscritorio);

  const empresa = await repo.empresa(canal, clave);
  if (!empresa) throw new AppError('not_found', bots.noEncontrada);
  if (empresa.webhook) throw new AppError('conflict', t.yaConectada);
  if (!empresa.status) throw new AppError('conflict', t.empresaInactiva);

  // Both addresses first, so nothing is created when the connection is not configured.
  const base = await webhooks.url('agentesBase');
  if (!base) throw new AppError('config', conexion.webhookSinConfigurar(conexion.nombres.agentesBase));
  if (!(await webhooks.url(info.webhookFlujo))) throw new AppError('config', conexion.webhookSinConfigurar(conexion.nombres[info.webhookFlujo]));

  await repo.verificarTablaMensajes(empresa.tableSupabase);

  let tablaManual: CrearFlujoResultado['tablaManual'] = null;
  try {
    await repo.crearTablaMensajes(empresa.tableSupabase);
  } catch {
    if (!info.sigueSinTabla) throw new AppError('unavailable', t.tablaNoCreada(empresa.tableSupabase));
    tablaManual = { mensaje: t.tablaManual(empresa.tableSupabase), sql: sqlCrearTablaMensajes(empresa.tableSupabase) };
  }

  const identificador = empresa.uuid ?? empresa.clave;
  let respuesta;
  try {
    respuesta = await webhooks.post(info.webhookFlujo, {
      name: nombreFlujo(canal, empresa.name),
      table_supabase: empresa.tableSupabase,
      empresa_id: identificador,
    });
  } catch (error) {
    if (AppError.is(error) && error.code === 'unavailable') throw new AppError('unavailable', t.sinConexion);
    throw error;
  }
  // Part 3 §8's message for a flow that could not be created, with what the platform answered as the detail.
  if (!respuesta.ok) throw new AppError('unavailable', t.sinConexion, { detalle: t.errorHttp(respuesta.status) });

  const actualizada = await repo.actualizarEmpresa(canal, clave, { webhook: webhookAgente(base, identificador) });
  if (!actualizada) throw new AppError('not_found', bots.noEncontrada);
  return { empresa: actualizada, tablaManual };
}
