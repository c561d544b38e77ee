import type { Activities } from '@dte/activities';
import { Certificacion, type CertificacionInput } from '@dte/contract';
import { eventually } from '../../../test/support/eventually';
import { newCodigo, procesado, recordCalls, recordOutcomeStub, respuesta, runWorker, workflowTests } from './support';

/**
 * CertificacionWorkflow against stub activities: its documents go through real child IssueDte and
 * Anulacion workflows (their activities stubbed), it counts each accepted step once, and MH's rejection
 * pauses it until `reanudar`.
 */

const ctx = workflowTests();

const issuer = { emisorId: 7, establecimientoId: 1, puntoVentaId: 1, tokenId: 3 };

function campaignInput(): CertificacionInput {
  return {
    emisorId: 7,
    issuer,
    // 2 CCFs, 1 credit note on them, 1 invalidation (of the note: the CCFs have notes in force).
    plan: { documentos: { CREDITO_FISCAL: 2, NOTA_CREDITO: 1 }, invalidaciones: 1, contingencias: 0 },
    // 6,000 a minute: 10 ms between steps.
    ritmo: 6000,
    semilla: 'prueba',
  };
}

type Desenlace = Awaited<ReturnType<Activities['desenlaceCertificacion']>>;
const ACEPTADO: Desenlace = { estado: 'PROCESSED', codigoMsg: '001', descripcionMsg: 'RECIBIDO', observaciones: [] };

function stubs(
  desenlace: () => Desenlace,
  registrarCertificacion: Activities['registrarCertificacion'] = async () => {},
) {
  return recordCalls({
    iniciarCertificacion: async () => ({ orden: ['CREDITO_FISCAL', 'NOTA_CREDITO'], anulables: ['NOTA_CREDITO'] }),
    registrarCertificacion,
    solicitudCertificacion: async ({ tipo }) => ({ tipo, origenes: [], forzarContingencia: false }),
    prepareDocument: async () => ({
      prepared: { numeroControl: 'DTE-03-M001P001-000000000000001', tipoDte: '03', version: 3, ambiente: '00' },
      admiteContingencia: true,
      nuevo: true,
    }),
    transmitDocument: async ({ codigoGeneracion }) => procesado(codigoGeneracion),
    recordOutcome: recordOutcomeStub,
    deliverDocument: async () => undefined,
    desenlaceCertificacion: async () => desenlace(),
    reemplazoCertificacion: async () => false,
    anulacionCertificacion: async () => ({}) as Awaited<ReturnType<Activities['anulacionCertificacion']>>,
    prepareInvalidation: async () => ({ ambiente: '00', evento: { identificacion: {} } }),
    signDocument: async () => 'evento.firmado',
    transmitInvalidation: async () => respuesta(newCodigo(), 'PROCESADO'),
    recordInvalidation: async ({ codigoGeneracion, eventoCodigoGeneracion }) => ({
      aceptado: true,
      codigoGeneracion,
      estado: 'CANCELLED',
      eventoCodigoGeneracion,
      selloRecibido: 'SELLO',
      respuestaMh: null,
      observaciones: [],
    }),
    storeDocumentPdf: async () => undefined,
  });
}

const avance = (planificados: number, aceptados: number, rechazados = 0) => ({
  planificados,
  aceptados,
  rechazados,
  enCurso: 0,
});

describe('CertificacionWorkflow', () => {
  it('issues the plan in order, notes on the accepted CCFs, invalidates, and completes', async () => {
    const calls = stubs(() => ACEPTADO);
    const input = campaignInput();

    const final = await runWorker(ctx, calls.activities, (taskQueue) =>
      ctx.workflows.execute(Certificacion, { workflowId: Certificacion.workflowId(7), taskQueue, args: [input] }),
    );

    expect(final).toMatchObject({
      estado: 'COMPLETA',
      documentos: { CREDITO_FISCAL: avance(2, 2), NOTA_CREDITO: avance(1, 1) },
      invalidaciones: avance(1, 1),
      contingencias: avance(0, 0),
      reemplazos: 0,
      ultimoRechazo: null,
    });
    const solicitudes = calls.argsOf('solicitudCertificacion').map(([p]) => p);
    expect(solicitudes.map((p) => [p.tipo, p.indice])).toEqual([
      ['CREDITO_FISCAL', 0],
      ['CREDITO_FISCAL', 1],
      ['NOTA_CREDITO', 0],
    ]);
    // The note adjusts the two CCFs accepted before it; every document has its own codigoGeneracion.
    expect(solicitudes[2]!.ccfs).toEqual([
      { indice: 0, codigoGeneracion: solicitudes[0]!.codigoGeneracion },
      { indice: 1, codigoGeneracion: solicitudes[1]!.codigoGeneracion },
    ]);
    expect(new Set(solicitudes.map((p) => p.codigoGeneracion)).size).toBe(3);
    // The invalidation takes the note, the one document of an invalidable kind.
    expect(calls.argsOf('anulacionCertificacion')[0]![0]).toMatchObject({
      tipo: 'NOTA_CREDITO',
      codigoGeneracion: solicitudes[2]!.codigoGeneracion,
      reemplazo: null,
    });
    expect(calls.argsOf('registrarCertificacion')).toEqual([[7, 'COMPLETA']]);
  });

  it('ends the pause between documents on cancelar: CANCELADA at once, not after the ritmo', async () => {
    const calls = stubs(() => ACEPTADO);
    // One document an hour: after the first, the next is an hour away.
    const input = { ...campaignInput(), emisorId: 9, ritmo: 1 / 60 };

    const final = await runWorker(ctx, calls.activities, async (taskQueue) => {
      const handle = await ctx.workflows.start(Certificacion, {
        workflowId: Certificacion.workflowId(9),
        taskQueue,
        args: [input],
      });
      await eventually('the first document accepted', async () => {
        const estado = await handle.query(Certificacion.estado);
        return estado.documentos.CREDITO_FISCAL!.aceptados === 1 || undefined;
      });
      await handle.signal(Certificacion.cancelar);
      return handle.result();
    });

    expect(final).toMatchObject({ estado: 'CANCELADA', documentos: { CREDITO_FISCAL: avance(2, 1) } });
    expect(calls.argsOf('solicitudCertificacion')).toHaveLength(1);
    expect(calls.argsOf('registrarCertificacion')).toEqual([[9, 'CANCELADA']]);
  });

  it('goes on from the state a run handed over (continue-as-new): neither checks again nor repeats a step', async () => {
    const calls = stubs(() => ACEPTADO);
    // As a run that had issued both CCFs would hand over.
    const ccfs = [
      { indice: 0, codigoGeneracion: newCodigo() },
      { indice: 1, codigoGeneracion: newCodigo() },
    ];
    const base = campaignInput();
    const input: CertificacionInput = {
      ...base,
      emisorId: 10,
      continuacion: {
        estado: {
          emisorId: 10,
          estado: 'EN_CURSO',
          documentos: { CREDITO_FISCAL: avance(2, 2), NOTA_CREDITO: avance(1, 0) },
          invalidaciones: avance(1, 0),
          contingencias: avance(0, 0),
          reemplazos: 0,
          ultimoRechazo: null,
          ritmo: base.ritmo,
        },
        orden: ['CREDITO_FISCAL', 'NOTA_CREDITO'],
        anulables: ['NOTA_CREDITO'],
        hechos: 2,
        aceptados: { CREDITO_FISCAL: ccfs },
        extras: {},
        reemplazos: {},
      },
    };

    const final = await runWorker(ctx, calls.activities, (taskQueue) =>
      ctx.workflows.execute(Certificacion, { workflowId: Certificacion.workflowId(10), taskQueue, args: [input] }),
    );

    expect(final).toMatchObject({
      estado: 'COMPLETA',
      documentos: { CREDITO_FISCAL: avance(2, 2), NOTA_CREDITO: avance(1, 1) },
      invalidaciones: avance(1, 1),
    });
    expect(calls.argsOf('iniciarCertificacion')).toEqual([]);
    const solicitudes = calls.argsOf('solicitudCertificacion').map(([p]) => p);
    expect(solicitudes.map((p) => [p.tipo, p.indice])).toEqual([['NOTA_CREDITO', 0]]);
    expect(solicitudes[0]!.ccfs).toEqual(ccfs);
  });

  const rechazo: Desenlace = {
    estado: 'REJECTED',
    codigoMsg: '009',
    descripcionMsg: 'NIT DEL RECEPTOR NO EXISTE',
    observaciones: ['receptor.nit no registrado'],
  };

  it("pauses at MH's rejection with its reasons, and issues the step again as a new document on reanudar", async () => {
    // The second document MH rejects; every other it accepts.
    let vistos = 0;
    const calls = stubs(() => (++vistos === 2 ? rechazo : ACEPTADO));
    const input = campaignInput();

    const final = await runWorker(ctx, calls.activities, async (taskQueue) => {
      const handle = await ctx.workflows.start(Certificacion, {
        workflowId: Certificacion.workflowId(8),
        taskQueue,
        args: [{ ...input, emisorId: 8 }],
      });
      const pausada = await eventually('the campaign paused', async () => {
        const estado = await handle.query(Certificacion.estado);
        return estado.estado === 'PAUSADA' ? estado : undefined;
      });
      expect(pausada.ultimoRechazo).toEqual({
        paso: 'CREDITO_FISCAL',
        codigoGeneracion: calls.argsOf('solicitudCertificacion')[1]![0].codigoGeneracion,
        codigoMsg: '009',
        descripcionMsg: 'NIT DEL RECEPTOR NO EXISTE',
        observaciones: ['receptor.nit no registrado'],
      });
      expect(pausada.documentos.CREDITO_FISCAL).toEqual(avance(2, 1, 1));
      await handle.signal(Certificacion.reanudar);
      return handle.result();
    });

    expect(final).toMatchObject({
      estado: 'COMPLETA',
      documentos: { CREDITO_FISCAL: avance(2, 2, 1), NOTA_CREDITO: avance(1, 1) },
      invalidaciones: avance(1, 1),
    });
    const solicitudes = calls.argsOf('solicitudCertificacion').map(([p]) => p);
    // The rejected CCF 1 is issued again with the same body (index) and a new codigoGeneracion.
    expect(solicitudes.map((p) => [p.tipo, p.indice])).toEqual([
      ['CREDITO_FISCAL', 0],
      ['CREDITO_FISCAL', 1],
      ['CREDITO_FISCAL', 1],
      ['NOTA_CREDITO', 0],
    ]);
    expect(solicitudes[2]!.codigoGeneracion).not.toBe(solicitudes[1]!.codigoGeneracion);
    expect(solicitudes[3]!.ccfs.map((c) => c.codigoGeneracion)).toEqual([
      solicitudes[0]!.codigoGeneracion,
      solicitudes[2]!.codigoGeneracion,
    ]);
    expect(calls.argsOf('registrarCertificacion')).toEqual([
      [8, 'PAUSADA'],
      [8, 'EN_CURSO'],
      [8, 'COMPLETA'],
    ]);
  });

  it('resumes on a reanudar sent while the pause is still being recorded (the query already reads PAUSADA)', async () => {
    let vistos = 0;
    let registrando!: () => void;
    const enRegistro = new Promise<void>((r) => (registrando = r));
    let soltar!: () => void;
    const registrado = new Promise<void>((r) => (soltar = r));
    const calls = stubs(
      () => (++vistos === 2 ? rechazo : ACEPTADO),
      async (_emisorId, estado) => {
        if (estado !== 'PAUSADA') return;
        registrando();
        await registrado;
      },
    );

    const final = await runWorker(ctx, calls.activities, async (taskQueue) => {
      const handle = await ctx.workflows.start(Certificacion, {
        workflowId: Certificacion.workflowId(9),
        taskQueue,
        args: [{ ...campaignInput(), emisorId: 9 }],
      });
      await enRegistro;
      expect((await handle.query(Certificacion.estado)).estado).toBe('PAUSADA');
      await handle.signal(Certificacion.reanudar);
      soltar();
      // No second reanudar: the one sent during the write is the emisor's word.
      return handle.result();
    });

    expect(final).toMatchObject({ estado: 'COMPLETA', documentos: { CREDITO_FISCAL: avance(2, 2, 1) } });
    expect(calls.argsOf('registrarCertificacion')).toEqual([
      [9, 'PAUSADA'],
      [9, 'EN_CURSO'],
      [9, 'COMPLETA'],
    ]);
  });
});
