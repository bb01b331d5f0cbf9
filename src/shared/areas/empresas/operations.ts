/**
 * Administración de Empresas (part 2 §2, §6, §8). The portal password is stored only as a bcrypt hash (the
 * database trigger hashes any plain value written); the plain one is answered once, right after it is set or
 * reset, and never read back.
 */
import type { ApiDeps, AreaImplementation } from '../../operaciones/types';
import { conMensaje, exigirExiste, sinDuplicado, textoONull } from '../../operaciones/comun';
import { empresas as t } from './texts';
import { generarContrasenaPortal, type CredencialesPortal, type FuenteAleatoria } from './rules';
import { leerDependencias } from '../proyectos/repository';
import { actualizarEmpresa, crearEmpresa, eliminarEmpresa, leerEmpresa, listarEmpresas, type CamposEmpresa } from './repository';

type EntradaEmpresa = Partial<CamposEmpresa> & Pick<CamposEmpresa, 'nombre' | 'activo' | 'usuarioCliente'>;

/** `fuente` is the random source (Web Crypto by default; a test may observe it). */
export function empresasOperations({ log }: ApiDeps, fuente?: FuenteAleatoria): AreaImplementation<'empresas'> {
  const campos = (input: EntradaEmpresa): CamposEmpresa => ({
    nombre: input.nombre,
    descripcion: textoONull(input.descripcion),
    ruc: textoONull(input.ruc),
    direccion: textoONull(input.direccion),
    telefono: textoONull(input.telefono),
    email: textoONull(input.email),
    website: textoONull(input.website),
    logoUrl: textoONull(input.logoUrl),
    activo: input.activo,
    usuarioCliente: input.usuarioCliente.trim(),
  });
  /** The portal username is unique. */
  const usuarioUnico = <T>(work: () => Promise<T>) => sinDuplicado(t.usuarioDuplicado, work);
  const existe = exigirExiste(t.noEncontrada);

  return {
    listar: (_input, { data }) => conMensaje(t.errorCargar, () => listarEmpresas(data), log),

    crear: (input, { data }) =>
      conMensaje(t.errorGuardar, () => usuarioUnico(async () => {
        const empresa = await leerEmpresa(data, await crearEmpresa(data, campos(input), input.contrasenaCliente));
        return { empresa, credenciales: { empresaId: empresa.id, usuario: empresa.usuarioCliente ?? '', contrasena: input.contrasenaCliente } };
      }), log),

    actualizar: (input, { data }) =>
      conMensaje(t.errorGuardar, async () => {
        const nueva = input.contrasenaCliente ? input.contrasenaCliente : null;
        await usuarioUnico(async () => existe(await actualizarEmpresa(data, input.id, campos(input), nueva ?? undefined)));
        const empresa = await leerEmpresa(data, input.id);
        const credenciales: CredencialesPortal | null = nueva ? { empresaId: empresa.id, usuario: empresa.usuarioCliente ?? '', contrasena: nueva } : null;
        return { empresa, credenciales };
      }, log),

    cambiarEstado: (input, { data }) =>
      conMensaje(t.errorEstado, async () => {
        existe(await actualizarEmpresa(data, input.id, { activo: input.activo }));
        return leerEmpresa(data, input.id);
      }, log),

    dependencias: (input, { data }) => conMensaje(t.errorCargar, () => leerDependencias(data, 'empresa', input.id, t.noEncontrada), log),

    eliminar: (input, { data }) =>
      conMensaje(t.errorEliminar, async () => {
        existe(await eliminarEmpresa(data, input.id));
        return { id: input.id };
      }, log),

    restablecerContrasena: (input, { data }) =>
      conMensaje(t.errorCredenciales, async () => {
        const contrasena = generarContrasenaPortal(fuente);
        const { usuario } = existe(await actualizarEmpresa(data, input.id, {}, contrasena));
        return { empresaId: input.id, usuario, contrasena };
      }, log),
  };
}
