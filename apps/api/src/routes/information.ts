import { Router } from 'express';
import { loadIssuer, normativaDelEmisor, TenantCache } from '@dte/store';
import {
  ambienteName,
  documentKind,
  DTE_TIPOS,
  esquemaEn,
  generacionEn,
  mhSchemaFiles,
  type Generacion,
  type Normativa,
} from '@dte/domain';
import type { ApiContext } from '../context';
import { authenticate } from '../http/auth';

/**
 * `GET /dte/information`: the emisor as the token issues — the address, telephone and codes are those of
 * the token's establishment and point of sale, as on its DTEs; never the secrets. Read fresh every time
 * (no cache time): it is where an operator checks an admin change.
 */
export function informationRoutes(ctx: ApiContext): Router {
  const router = Router();
  const tenants = new TenantCache(ctx.db.models, 0);
  router.get('/dte/information', authenticate(ctx), async (req, res) => {
    const { emisor, establecimiento, emisorDte } = await loadIssuer(tenants, req.auth);
    const { direccion } = emisorDte;
    res.json({
      status: 'success',
      data: {
        emisor: {
          id: emisor.id,
          nit: emisor.nit,
          nrc: emisor.nrc,
          nombre: emisor.nombre,
          nombreComercial: emisor.nombreComercial ?? null,
          codigoActividad: emisor.codActividad,
          actividadEconomica: emisor.descActividad,
          direccion: direccion.complemento,
          tipoEstablecimiento: establecimiento.tipoEstablecimiento,
          departamento: direccion.departamento,
          municipio: direccion.municipio,
          distrito: direccion.distrito,
          telefono: emisorDte.telefono,
          logoUrl: emisor.branding?.logoKey ?? null,
          colorPrincipal: emisor.branding?.colorPrincipal,
          colorSecundario: emisor.branding?.colorSecundario,
          colorFondo: emisor.branding?.colorFondo,
          codEstableMH: emisorDte.codEstableMH,
          codEstable: emisorDte.codEstable,
          codPuntoVentaMH: emisorDte.codPuntoVentaMH,
          codPuntoVenta: emisorDte.codPuntoVenta,
          ambiente: ambienteName[emisor.ambiente as keyof typeof ambienteName],
          clientId: emisor.clientId,
          createdAt: emisor.createdAt.toISOString(),
        },
        permissions: req.auth.permissions,
        normativa: normativaView(normativaDelEmisor(emisor, ctx.config), req.auth.permissions, new Date()),
      },
    });
  });
  return router;
}

/**
 * Which generation of MH's schemas the emisor issues in now, its cut-over, and the schema each kind the
 * token may issue will be built in next (a document's generation is decided at its emission).
 */
function normativaView(normativa: Normativa, permissions: readonly string[], ahora: Date) {
  const generacion = generacionEn(normativa, ahora);
  const esquema = (de: string, g: Generacion) => {
    const name = esquemaEn(de, g)!;
    return { version: mhSchemaFiles[name].version, esquema: name };
  };
  return {
    generacion,
    corte: { generacion: normativa.generacion, desde: normativa.desde.toISOString(), origen: normativa.origen },
    documentos: DTE_TIPOS.filter((tipo) => permissions.includes(documentKind(tipo).permission)).map((tipo) => ({
      tipo,
      tipoDte: documentKind(tipo).tipoDte,
      ...esquema(documentKind(tipo).tipoDte, generacion),
    })),
    eventos: {
      ...(permissions.includes('ANULACION') ? { invalidacion: esquema('invalidacion', generacion) } : {}),
      contingencia: esquema('contingencia', generacion),
    },
  };
}
