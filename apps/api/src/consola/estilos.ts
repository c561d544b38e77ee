/** The console's one stylesheet, served by the API itself (no external fonts or files): the system's fonts. */
export const ESTILOS = `
:root {
  --tinta: #1d2433; --tenue: #667085; --borde: #d9dee8; --fondo: #f5f7fb; --marca: #1f3a93;
  --ok: #107a4b; --ok-fondo: #e6f4ec; --error: #b42318; --error-fondo: #fdecea; --alerta: #8a5a00; --alerta-fondo: #fff4d6;
}
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif; color: var(--tinta); background: var(--fondo); }
code { font: 13px ui-monospace, "DejaVu Sans Mono", Menlo, monospace; word-break: break-all; }
a { color: var(--marca); }
.barra { display: flex; align-items: center; gap: 24px; padding: 10px 24px; background: var(--marca); color: #fff; }
.barra .marca { font-weight: 700; letter-spacing: .02em; }
.barra nav { display: flex; flex-wrap: wrap; gap: 4px; flex: 1; }
.barra nav a { color: #dfe6ff; text-decoration: none; padding: 6px 12px; border-radius: 6px; white-space: nowrap; }
.barra nav a.activo, .barra nav a:hover { background: rgba(255,255,255,.16); color: #fff; }
.barra .salir { display: flex; flex-wrap: wrap; align-items: center; gap: 8px 12px; min-width: 0; font-size: 13px; color: #dfe6ff; }
.barra .salir span { overflow-wrap: anywhere; }
main { max-width: 1180px; margin: 0 auto; padding: 8px 24px 48px; }
h1 { font-size: 24px; margin: 20px 0 16px; }
h2 { font-size: 17px; margin: 28px 0 10px; }
h3 { font-size: 15px; margin: 0 0 10px; }
section, .accion, .descarga, .endpoint, .entrada { background: #fff; border: 1px solid var(--borde); border-radius: 10px; padding: 16px 18px; margin-bottom: 16px; }
section h2 { margin-top: 0; }
label { display: flex; flex-direction: column; gap: 4px; font-size: 13px; color: var(--tenue); }
input, select, textarea { font: inherit; color: var(--tinta); padding: 7px 9px; border: 1px solid var(--borde); border-radius: 6px; background: #fff; }
input:focus, select:focus, textarea:focus { outline: 2px solid #b9c6f0; border-color: var(--marca); }
button, .boton { font: inherit; font-weight: 600; padding: 8px 16px; border-radius: 6px; border: 1px solid var(--marca); background: var(--marca); color: #fff; cursor: pointer; text-decoration: none; display: inline-block; }
button.secundario, .boton.secundario { background: #fff; color: var(--marca); }
button.peligro { background: var(--error); border-color: var(--error); }
.filtros { display: flex; flex-wrap: wrap; gap: 12px; align-items: flex-end; background: #fff; border: 1px solid var(--borde); border-radius: 10px; padding: 14px 16px; margin-bottom: 16px; }
section .descarga, section .accion { background: #fafbfd; }
.descarga, .accion { display: flex; flex-wrap: wrap; gap: 12px; align-items: flex-end; }
.descarga h3, .accion h3 { flex-basis: 100%; }
fieldset { min-width: 0; border: 1px solid var(--borde); border-radius: 8px; display: flex; flex-wrap: wrap; gap: 10px; padding: 8px 12px 12px; }
label.opcion { flex-direction: row; align-items: center; gap: 6px; color: var(--tinta); font-size: 14px; }
textarea { width: 100%; resize: vertical; }
label, input, select { max-width: 100%; }
.error-campo { flex-basis: 100%; margin: 0; color: var(--error); font-size: 13px; font-weight: 600; }
legend { font-size: 13px; color: var(--tenue); }
table { position: relative; width: 100%; border-collapse: collapse; background: #fff; border: 1px solid var(--borde); border-radius: 10px; overflow: hidden; }
th, td { text-align: left; padding: 8px 12px; border-bottom: 1px solid var(--borde); vertical-align: top; }
th { font-size: 12px; text-transform: uppercase; letter-spacing: .04em; color: var(--tenue); background: #fafbfd; }
tr:last-child td { border-bottom: 0; }
td code { word-break: normal; overflow-wrap: anywhere; }
.num { text-align: right; font-variant-numeric: tabular-nums; }
.tenue { color: var(--tenue); font-size: 13px; }
.vacio { color: var(--tenue); font-style: italic; }
.logo-emisor { display: block; max-width: 100%; max-height: 96px; background: #fff; border: 1px solid var(--borde); border-radius: 6px; padding: 8px; }
.estado { display: inline-block; padding: 2px 10px; border-radius: 999px; font-size: 12px; font-weight: 600; background: #eef1f6; color: #475467; white-space: nowrap; }
.estado-processed { background: var(--ok-fondo); color: var(--ok); }
.estado-rejected { background: var(--error-fondo); color: var(--error); }
.estado-pendiente, .estado-contingencia { background: var(--alerta-fondo); color: var(--alerta); }
.estado-cancelled { background: #eceff3; color: #475467; }
.ficha { display: grid; grid-template-columns: repeat(auto-fill, minmax(260px, 1fr)); gap: 12px 24px; margin: 0 0 16px; background: #fff; border: 1px solid var(--borde); border-radius: 10px; padding: 16px 18px; }
.aviso .ficha { background: transparent; border: 0; padding: 0; }
.ficha dt { font-size: 12px; text-transform: uppercase; letter-spacing: .04em; color: var(--tenue); }
.ficha dd { margin: 2px 0 0; }
.columnas { display: grid; grid-template-columns: 3fr 2fr; gap: 16px; }
.columnas > section { margin: 0; min-width: 0; }
.historia > li { overflow-wrap: anywhere; }
.accion > *, fieldset > * { min-width: 0; }
.historia { list-style: none; margin: 0; padding: 0 0 0 14px; border-left: 2px solid var(--borde); }
.historia > li { position: relative; padding: 0 0 14px 12px; }
.historia > li::before { content: ""; position: absolute; left: -21px; top: 6px; width: 12px; height: 12px; border-radius: 50%; background: #fff; border: 2px solid var(--tenue); }
.historia > li.ok::before { border-color: var(--ok); background: var(--ok-fondo); }
.historia > li.error::before { border-color: var(--error); background: var(--error-fondo); }
.historia > li.alerta::before { border-color: var(--alerta); background: var(--alerta-fondo); }
.historia .cuando { display: block; font-size: 12px; color: var(--tenue); }
.historia ul { margin: 4px 0 0; padding-left: 18px; font-size: 13px; }
.aviso { border-radius: 10px; padding: 12px 16px; margin-bottom: 16px; border: 1px solid; }
.aviso p { margin: 4px 0; }
.aviso.ok { background: var(--ok-fondo); border-color: #b7dfc8; color: var(--ok); }
.aviso.error { background: var(--error-fondo); border-color: #f5c2bd; color: var(--error); }
.aviso.alerta { background: var(--alerta-fondo); border-color: #f0d68a; color: var(--alerta); }
iframe.pdf { width: 100%; height: 720px; border: 1px solid var(--borde); border-radius: 8px; background: #fff; }
.papeles { display: flex; flex-wrap: wrap; gap: 8px; margin: 0 0 12px; }
.entrada { max-width: 440px; margin: 60px auto; display: flex; flex-direction: column; gap: 14px; }
.entrada-pie { max-width: 440px; margin: -40px auto 0; }
.oculto { position: absolute; left: 0; top: 0; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
img.qr { display: block; background: #fff; padding: 8px; border: 1px solid var(--borde); border-radius: 8px; margin: 8px 0; }
.codigos { columns: 2; font-size: 15px; }
.barra .salir a { color: #fff; }
a:focus-visible, button:focus-visible, .boton:focus-visible, input[type=checkbox]:focus-visible { outline: 3px solid #f5b400; outline-offset: 2px; }
button:disabled { opacity: .55; cursor: not-allowed; }
.tipos { list-style: none; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(260px, 1fr)); gap: 12px; }
.tipos li { background: #fff; border: 1px solid var(--borde); border-radius: 10px; padding: 14px 16px; display: flex; flex-direction: column; gap: 4px; }
.tipos a { font-weight: 600; font-size: 16px; }
.acciones { display: flex; flex-wrap: wrap; gap: 12px; align-items: center; }
.campos { display: grid; grid-template-columns: repeat(auto-fill, minmax(210px, 1fr)); gap: 12px 16px; align-items: end; }
fieldset.fila { display: grid; grid-template-columns: repeat(auto-fill, minmax(140px, 1fr)); gap: 10px 12px; align-items: end; margin: 0 0 12px; }
.control.largo { grid-column: span 2; }
.control input:not([type=checkbox]), .control select, .control textarea { width: 100%; }
.buscador { display: flex; flex-wrap: wrap; gap: 8px 12px; align-items: flex-end; margin-bottom: 14px; padding-bottom: 14px; border-bottom: 1px dashed var(--borde); }
.buscador label { flex: 1 1 260px; }
.resultados { flex-basis: 100%; display: flex; flex-wrap: wrap; gap: 8px; }
.resultados:empty { display: none; }
.resultados .tenue { margin: 0; }
section h3 { margin-top: 16px; }
main > table { margin-bottom: 16px; }
.botones { display: flex; flex-wrap: wrap; gap: 12px; padding: 4px 0 12px; }
.vista-previa .tenue { margin-top: 0; }
.lineas-vista { margin-top: 8px; }
.totales { display: grid; grid-template-columns: 1fr auto; gap: 4px 24px; max-width: 480px; margin: 16px 0 0 auto; }
.totales > div { display: contents; }
.totales dt { color: var(--tenue); }
.totales dd { margin: 0; text-align: right; font-variant-numeric: tabular-nums; }
.totales .total dt, .totales .total dd { color: var(--tinta); font-weight: 700; font-size: 17px; border-top: 1px solid var(--borde); padding-top: 6px; }
.letras { text-align: right; font-style: italic; margin-bottom: 0; }
ul.correos { margin: 0 0 12px; padding-left: 18px; }
.avance { list-style: none; padding: 0; margin: 0 0 12px; display: grid; gap: 8px; }
.avance li { display: grid; grid-template-columns: minmax(0, 18em) minmax(120px, 1fr) minmax(0, 14em); gap: 4px 12px; align-items: center; }
.avance progress { width: 100%; height: 14px; accent-color: var(--ok); }
ul.motivos { margin: 4px 0 0; padding-left: 16px; font-size: 13px; }
fieldset { min-width: 0; }
.plan td label { max-width: 8em; }
.grafica-figura { margin: 0 0 12px; }
svg.grafica { display: block; width: 100%; max-width: 640px; height: auto; }
.grafica .eje { font: 18px system-ui, sans-serif; fill: var(--tenue); }
.grafica .eje-linea { stroke: var(--borde); stroke-width: 1; }
.serie-1 { fill: var(--marca); background: var(--marca); }
.serie-2 { fill: #e08a00; background: #e08a00; }
.serie-ok { fill: var(--ok); }
.serie-error { fill: var(--error); }
.serie-alerta { fill: #c98a00; }
.serie-tenue { fill: #98a2b3; }
.fondo-barra { fill: #eef1f6; }
.leyenda { display: flex; flex-wrap: wrap; align-items: center; gap: 6px 10px; font-size: 13px; color: var(--tenue); margin-top: 6px; }
.muestra { display: inline-block; width: 12px; height: 12px; border-radius: 3px; }
details { margin: 0 0 12px; }
summary { cursor: pointer; color: var(--marca); font-weight: 600; margin-bottom: 8px; }
tr.total td { font-weight: 700; border-top: 1px solid var(--borde); }
.publica main { max-width: 760px; }
.publica .emisor { background: #fff; border-bottom: 1px solid var(--borde); font-weight: 700; font-size: 17px; }
.publica .emisor > div { max-width: 760px; margin: 0 auto; padding: 12px 24px; display: flex; align-items: center; gap: 12px; }
.publica .emisor img { max-height: 56px; max-width: 160px; }
.enlace-compartir input { width: 100%; }
@media (max-width: 860px) { .columnas { grid-template-columns: 1fr; } }
@media (max-width: 600px) {
  /* The whole menu stays in view, wrapped under the name and the way out, each link a finger's size. */
  .barra { flex-wrap: wrap; gap: 8px 16px; padding: 10px 12px; }
  .barra .salir { flex: 1 1 auto; justify-content: flex-end; }
  .barra nav { flex-basis: 100%; order: 3; gap: 6px; }
  .barra nav a { padding: 10px 12px; background: rgba(255,255,255,.08); }
  main { padding: 8px 12px 32px; }
  .publica .emisor > div { padding: 10px 12px; }
  .ficha { grid-template-columns: 1fr; }
  table { display: block; overflow-x: auto; }
  .campos { grid-template-columns: 1fr; }
  fieldset.fila { grid-template-columns: 1fr 1fr; }
  .control.largo { grid-column: 1 / -1; }
  .totales { max-width: none; }
  .avance li { grid-template-columns: 1fr; }
  table.lineas-vista, .lineas-vista tbody, .lineas-vista tr, .lineas-vista td { display: block; }
  .lineas-vista thead { display: none; }
  .lineas-vista tr { border-bottom: 1px solid var(--borde); padding: 6px 0; }
  .lineas-vista td { border: 0; padding: 2px 12px; text-align: right; }
  .lineas-vista td::before { content: attr(data-etiqueta); float: left; margin-right: 12px; color: var(--tenue); font-size: 13px; }
}
`;
