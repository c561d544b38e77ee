/**
 * The console's one script (`/consola/emitir.js`, allowed by the pages' CSP as `script-src 'self'`), which
 * the issuing forms work without: the book's typeahead (its matches as the same buttons the form's own
 * search shows, which pick on the server) and live totals (the form's preview panel, rendered by the server
 * from the API's vista-previa, put in place as the person fills the form). It computes nothing.
 */
export const SCRIPT = `'use strict';
(function () {
  var form = document.querySelector('form.emision');
  if (!form) return;

  function boton(e) {
    var b = document.createElement('button');
    b.type = 'submit';
    b.name = 'accion';
    b.value = e.accion;
    b.className = 'secundario';
    b.textContent = e.texto;
    return b;
  }

  Array.prototype.forEach.call(form.querySelectorAll('.buscador[data-buscar]'), function (buscador) {
    var campo = buscador.querySelector('input[type=search]');
    var resultados = buscador.querySelector('.resultados');
    var url = form.getAttribute('action') + '/' + buscador.getAttribute('data-buscar') + '?q=';
    var ultimo = 0;
    var espera;
    campo.addEventListener('input', function () {
      clearTimeout(espera);
      espera = setTimeout(function () {
        var pedido = ++ultimo;
        var q = campo.value.trim();
        if (!q) return resultados.replaceChildren();
        resultados.setAttribute('aria-busy', 'true');
        fetch(url + encodeURIComponent(q), { credentials: 'same-origin' })
          .then(function (r) { return r.ok ? r.json() : null; })
          .catch(function () { return null; })
          .then(function (encontrados) {
            if (pedido !== ultimo) return;
            resultados.removeAttribute('aria-busy');
            if (!encontrados) return;
            resultados.replaceChildren.apply(resultados, encontrados.map(boton));
            if (!encontrados.length) {
              var nada = document.createElement('p');
              nada.className = 'tenue';
              nada.textContent = 'Nada coincide con «' + q + '».';
              resultados.append(nada);
            }
          });
      }, 250);
    });
  });

  var emitir = form.querySelector('#emitir');
  var huella = form.querySelector('input[name=huella]');
  var ultimaVista = 0;
  form.addEventListener('change', function (evento) {
    if (evento.target.closest('.buscador')) return;
    var pedido = ++ultimaVista;
    // Until the preview of what was typed arrives, the totals shown are not its own.
    document.getElementById('vista-previa').setAttribute('aria-busy', 'true');
    fetch(form.getAttribute('data-vista-previa'), {
      method: 'POST',
      body: new URLSearchParams(new FormData(form)),
      credentials: 'same-origin',
    })
      .then(function (r) { return r.ok ? r.json() : null; })
      .catch(function () { return null; })
      .then(function (r) {
        if (pedido !== ultimaVista) return;
        var panel = document.getElementById('vista-previa');
        if (!r) return panel.removeAttribute('aria-busy');
        panel.replaceWith(document.createRange().createContextualFragment(r.html));
        huella.value = r.huella;
        emitir.disabled = !r.huella;
      });
  });
})();
`;
