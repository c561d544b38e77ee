'use strict';
/**
 * A whole certification campaign against the simulator: MH's default plan (Manual Funcional v1.2 §X, every
 * kind the token may issue, five invalidations, five contingency events) started with POST /certificacion
 * at a pace that does not hold it back, waited for until COMPLETA, then compared with what the simulator
 * sealed. Its duration and the CPU of each process while it ran.
 */

/** Documents per minute: the API's highest ritmo, a pause of 100 ms between documents. */
const RITMO = 600;

async function json(res, what) {
  const body = await res.json();
  if (!res.ok) throw new Error(`${what}: ${res.status} ${JSON.stringify(body)}`);
  return body.data;
}

async function benchCertificacion({ api, simulatorUrl, tenant, log, sampled }) {
  const headers = { 'x-api-token': tenant.token, 'content-type': 'application/json' };
  const inicio = await json(
    await fetch(`${api}/certificacion`, { method: 'POST', headers, body: JSON.stringify({ ritmo: RITMO }) }),
    'POST /certificacion',
  );
  const plan = inicio.plan;
  const documentos = Object.values(plan.documentos).reduce((a, n) => a + n, 0);
  log(
    `certificacion: ${documentos} documents, ${plan.invalidaciones} invalidations, ${plan.contingencias} contingency events`,
  );
  const started = process.hrtime.bigint();
  const { value: estado, resources } = await sampled({}, async () => {
    for (;;) {
      const data = await json(await fetch(`${api}/certificacion`, { headers }), 'GET /certificacion');
      if (data.estado === 'COMPLETA') return data;
      if (data.estado !== 'EN_CURSO')
        throw new Error(`the campaign is ${data.estado}: ${JSON.stringify(data.ultimoRechazo)}`);
      await new Promise((r) => setTimeout(r, 1000));
    }
  });
  const segundos = Number(process.hrtime.bigint() - started) / 1e9;
  const { data: mh } = await (await fetch(`${simulatorUrl}/__sim/certificacion/${tenant.nit}`)).json();
  const sellados = Object.values(mh.documentos).reduce((a, n) => a + n, 0);
  const eventos = (porTipo) => Object.values(porTipo).reduce((a, n) => a + n, 0);
  return {
    plan,
    documentos,
    segundos: Math.round(segundos),
    documentosPorMinuto: Math.round((documentos / segundos) * 60),
    reemplazos: estado.reemplazos,
    mh: {
      documentos: mh.documentos,
      sellados,
      invalidaciones: eventos(mh.invalidaciones),
      contingencias: eventos(mh.contingencias),
    },
    cpuSeconds: Object.fromEntries(Object.entries(resources.groups).map(([g, r]) => [g, r.cpuSeconds])),
    peakRssMb: Object.fromEntries(Object.entries(resources.groups).map(([g, r]) => [g, r.peakRssMb])),
  };
}

module.exports = { benchCertificacion };
