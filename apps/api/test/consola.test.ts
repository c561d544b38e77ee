import { html, pagina } from '../src/consola/html';

describe('the console’s HTML', () => {
  it('escapes every value it is given, in text and in attributes', () => {
    const nombre = `<script>alert("x")</script> & 'Cía'`;
    expect(html`<p title="${nombre}">${nombre}</p>`.texto).toBe(
      '<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Cía&#39;">' +
        '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Cía&#39;</p>',
    );
  });

  it('keeps what html made, joins lists and leaves out null, undefined and false', () => {
    const filas = ['<a>', 'b'].map((t) => html`<li>${t}</li>`);
    expect(
      html`<ul>
          ${filas}
        </ul>
        ${null}${undefined}${false}`.texto
        .replace(/>\s+</g, '><')
        .trim(),
    ).toBe('<ul><li>&lt;a&gt;</li><li>b</li></ul>');
  });

  it('loads only its own stylesheet and no script', () => {
    const page = pagina({ titulo: 'Documentos', cuerpo: html`<p>x</p>` });
    expect(page).toContain('<link rel="stylesheet" href="/consola/estilos.css" />');
    expect(page).not.toMatch(/<script|https?:\/\//);
  });
});
