/**
 * Waiting for a job without a timer: `puertaDeTrabajos(motor)` answers `terminado(id)`, which resolves when the
 * engine has ended the job and written its end (areas/jobs/motor.ts `esperar`). A test awaits it and reads the
 * final state through the api (jobs.estado), as a screen would.
 */
import type { MotorTrabajos } from '../../src/shared/areas/jobs/motor';
import type { Trabajo } from '../../src/shared/domain/trabajos';

export function puertaDeTrabajos(motor: MotorTrabajos): (id: string) => Promise<void> {
  return (id) => motor.esperar(id);
}

/** A job's final state, read as a screen reads it (`leer`: jobs.estado through the api) once it ended. */
export async function estadoFinal<T extends Pick<Trabajo, 'id' | 'estado'>>(terminado: (id: string) => Promise<void>, leer: (id: string) => Promise<T>, job: T): Promise<T> {
  await terminado(job.id);
  const fin = await leer(job.id);
  if (fin.estado === 'en_curso') throw new Error(`el trabajo ${job.id} sigue en curso después de terminar`);
  return fin;
}
