import { Router } from 'express';
import { loadIssuer, TenantCache } from '@dte/activities';
import { ambienteName } from '@dte/domain';
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
      },
    });
  });
  return router;
}
