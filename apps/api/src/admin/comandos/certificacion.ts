import fs from 'node:fs';
import { parseRequest } from '@dte/domain';
import { estadoCampana, iniciarCampana, senalarCampana, type AccionCampana } from '../../certificacion/campana';
import { certificacionRequest } from '../../routes/certificacion';
import { decir, print, verSuAyuda, type Comando, type Contexto, type Leidas } from '../comando';
import { auditarOperador } from '../auditoria';
import { progreso, tokenDeCampana } from '../certificacion';
import { conTemporal } from '../temporal';

/** How often `certificacion estado --seguir` asks the campaign again. */
const SEGUIR_CADA_MS = 2000;

const ACCIONES: Readonly<
  Record<string, (ctx: Contexto, o: Leidas, emisorId: number, accion: string) => Promise<void>>
> = {
  async iniciar({ config, db, tenants }, o, emisorId) {
    const ritmo = o.optional('ritmo');
    const contribuyentes = o.optional('contribuyentes');
    const pedido = parseRequest(certificacionRequest, {
      plan: o.optional('plan') ?? undefined,
      ritmo: ritmo === null ? undefined : Number(ritmo),
      contribuyentes: contribuyentes === null ? undefined : JSON.parse(fs.readFileSync(contribuyentes, 'utf8')),
    });
    const { auth, token, elegido } = await tokenDeCampana(
      db,
      tenants,
      emisorId,
      o.optional('token') === null ? null : o.id('token'),
    );
    if (elegido)
      decir(
        `the campaign issues with token ${token.id} (${token.name}), the emisor's oldest active token with CERTIFICACION`,
      );
    const campana = await conTemporal(config, (workflows) => iniciarCampana({ config, db, workflows }, auth, pedido));
    await auditarOperador(db, emisorId, 'CERTIFICACION_COMANDO', 'certificacion iniciar', {
      detalles: { comando: 'iniciar', tokenId: token.id },
    });
    print(
      { ...campana, token: { ...token, elegido } },
      `campaign ${campana.workflowId} started; follow it: certificacion estado --emisor ${emisorId} --seguir`,
    );
  },
  async estado({ config, db }, o, emisorId) {
    const estado = await conTemporal(config, async (workflows) => {
      const leer = () => estadoCampana({ config, db, workflows }, emisorId);
      let actual = await leer();
      let ultimaBarra = '';
      while (o.flag('seguir') && actual.estado === 'EN_CURSO' && 'invalidaciones' in actual) {
        const barra = progreso(actual).total;
        if (barra !== ultimaBarra) decir(`${actual.estado} ${(ultimaBarra = barra)}`);
        await new Promise((r) => setTimeout(r, SEGUIR_CADA_MS));
        actual = await leer();
      }
      return actual;
    });
    // Only the workflow counts; a record whose history Temporal no longer keeps has no counts to draw.
    if (!('invalidaciones' in estado)) return print(estado, `campaign ${estado.estado}`);
    const barras = progreso(estado);
    print({ ...estado, progreso: barras }, `campaign ${estado.estado} ${barras.total}`);
  },
  pausar: senalar,
  reanudar: senalar,
  cancelar: senalar,
};

const HECHOS: Record<AccionCampana, string> = { pausar: 'paused', reanudar: 'resumed', cancelar: 'cancelled' };

async function senalar({ config, db }: Contexto, _o: Leidas, emisorId: number, accion: string) {
  const hecho = await conTemporal(config, (workflows) =>
    senalarCampana({ config, db, workflows }, emisorId, accion as AccionCampana),
  );
  await auditarOperador(db, emisorId, 'CERTIFICACION_COMANDO', `certificacion ${accion}`, {
    detalles: { comando: accion },
  });
  print(hecho, `campaign of emisor ${emisorId} ${HECHOS[accion as AccionCampana]}`);
}

/** The emisor's certification campaign from the shell, through what POST/GET /certificacion run. */
export const certificacion: Comando = {
  nombre: 'certificacion',
  ayuda: `certificacion iniciar --emisor <id> [--plan <01=90,03=75,…,invalidacion=5,contingencia=5>]
                [--ritmo <documents per minute>] [--token <id>] [--contribuyentes <file.json>]
                starts the emisor's MH certification campaign (ambiente TEST) as POST /certificacion does,
                issuing with the token's establishment and point of sale; without --token, the emisor's
                oldest active token with CERTIFICACION (it says which); without --plan, MH's quotas for
                the kinds the token may issue; --contribuyentes: a JSON array of taxpayers registered at MH
                (nit, nrc, nombre, codActividad, descActividad, direccion, telefono, correo) that the CCFs
                and other contribuyente documents go to, as MH's test environment checks receptors
  certificacion estado --emisor <id> [--seguir]
                the campaign per kind and event (planned, accepted, rejected, in flight), MH's last
                rejection, and a progress bar per kind and for the whole plan; --seguir prints the bar of
                the whole plan as it moves, until the campaign is no longer EN_CURSO
  certificacion pausar|reanudar|cancelar --emisor <id>
                pauses a running campaign after the step in flight, resumes a paused one (after a rejection,
                once the emisor fixed its data), or ends it`,
  opciones: {
    emisor: 'valor',
    plan: 'valor',
    ritmo: 'valor',
    token: 'valor',
    contribuyentes: 'valor',
    seguir: 'bandera',
  },
  // The emisor is read before the action, as the CLI always did.
  async ejecutar(ctx, [accion, ...rest]) {
    const o = ctx.opciones(rest);
    const emisorId = o.id('emisor');
    const hacer = accion !== undefined && Object.hasOwn(ACCIONES, accion) ? ACCIONES[accion] : undefined;
    if (!hacer) throw new Error(`unknown command "certificacion ${accion ?? ''}": ${verSuAyuda('certificacion')}`);
    await hacer(ctx, o, emisorId, accion!);
  },
};
