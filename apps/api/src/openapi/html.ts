import type { OpenApiDocument } from './document';

/**
 * The reference page, rendered on the server from the OpenAPI document: no script and nothing fetched, so
 * it works offline and under a strict Content-Security-Policy (one inline <style>, which helmet's default
 * `style-src 'unsafe-inline'` allows). Descriptions use a sliver of Markdown: paragraphs, `- ` lists and
 * `code`.
 */

type Json = Record<string, unknown>;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const inline = (text: string) => escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');

function markdown(text: string | undefined): string {
  if (!text) return '';
  return text
    .split(/\n\s*\n/)
    .map((block) => {
      const items = block.split(/\n(?=- )/);
      if (items[0]!.startsWith('- '))
        return `<ul>${items.map((i) => `<li>${inline(i.slice(2).replace(/\n\s*/g, ' '))}</li>`).join('')}</ul>`;
      return `<p>${inline(block.replace(/\n\s*/g, ' '))}</p>`;
    })
    .join('\n');
}

const anchor = (kind: string, name: string) => `${kind}-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;
/** Links to the ErrorCode schema land on the table of codes. */
const ERROR_CODES_ANCHOR = anchor('schema', 'ErrorCode');
const pre = (value: unknown) => `<pre>${escapeHtml(JSON.stringify(value, null, 2))}</pre>`;
const table = (head: string[], rows: string[][]) =>
  rows.length === 0
    ? ''
    : `<table><thead><tr>${head.map((h) => `<th>${h}</th>`).join('')}</tr></thead><tbody>${rows
        .map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`)
        .join('')}</tbody></table>`;

class Renderer {
  constructor(private readonly doc: OpenApiDocument) {}

  /** The object a `#/components/...` reference points at. */
  private resolve(node: Json): Json {
    const target = node.$ref as string | undefined;
    if (!target) return node;
    return target
      .slice(2)
      .split('/')
      .reduce<Json>((at, key) => at[key] as Json, this.doc as unknown as Json);
  }

  private componentName(node: Json): string | undefined {
    return (node.$ref as string | undefined)?.split('/').pop();
  }

  /** A schema as one line: its type, with a link for a component. */
  private typeOf(node: Json): string {
    const name = this.componentName(node);
    if (name) return `<a href="#${anchor('schema', name)}">${escapeHtml(name)}</a>`;
    const variants = (node.anyOf ?? node.oneOf) as Json[] | undefined;
    if (variants) return variants.map((v) => this.typeOf(v)).join(' | ');
    if (node.const !== undefined) return `<code>${escapeHtml(JSON.stringify(node.const))}</code>`;
    const type = Array.isArray(node.type) ? node.type.join(' | ') : ((node.type as string | undefined) ?? 'any');
    if (type === 'array') return `array of ${this.typeOf((node.items as Json | undefined) ?? {})}`;
    return escapeHtml(type);
  }

  /** A nullable field's constraints are on its non-null variant. */
  private constraints(field: Json): string {
    const variants = (field.anyOf as Json[] | undefined)?.filter((v) => v.type !== 'null');
    const node = variants?.length === 1 ? { ...variants[0], ...field } : field;
    const notes: string[] = [];
    const codes = (values: unknown[]) => values.map((v) => `<code>${escapeHtml(String(v))}</code>`).join(', ');
    if (Array.isArray(node.enum)) notes.push(`one of ${codes(node.enum)}`);
    const items = node.items as Json | undefined;
    if (node.type === 'array' && Array.isArray(items?.enum)) notes.push(`each one of ${codes(items.enum)}`);
    if (node.default !== undefined) notes.push(`default <code>${escapeHtml(JSON.stringify(node.default))}</code>`);
    if (node.format) notes.push(`format ${escapeHtml(String(node.format))}`);
    if (node.pattern && !node.format) notes.push(`pattern <code>${escapeHtml(String(node.pattern))}</code>`);
    const bounds: [string, string][] = [
      ['minLength', 'length ≥'],
      ['maxLength', 'length ≤'],
      ['minimum', '≥'],
      ['exclusiveMinimum', '>'],
      ['maximum', '≤'],
      ['exclusiveMaximum', '<'],
      ['minItems', 'items ≥'],
      ['maxItems', 'items ≤'],
    ];
    for (const [key, label] of bounds) {
      const value = node[key];
      // zod marks every integer with the safe-integer range, which says nothing to a reader.
      if (typeof value === 'number' && Math.abs(value) !== Number.MAX_SAFE_INTEGER)
        notes.push(escapeHtml(`${label} ${value}`));
    }
    if (node.description) notes.push(inline(String(node.description)));
    return notes.join('; ');
  }

  /** The fields of an object schema, nested objects and arrays of objects flattened (`items[].cantidad`). */
  private fields(schema: Json, prefix = ''): string[][] {
    const required = new Set((schema.required as string[] | undefined) ?? []);
    const properties = (schema.properties as Record<string, Json> | undefined) ?? {};
    return Object.entries(properties).flatMap(([name, node]) => {
      const path = `${prefix}${name}`;
      const row = [
        `<code>${escapeHtml(path)}</code>`,
        this.typeOf(node),
        required.has(name) ? 'yes' : '',
        this.constraints(node),
      ];
      const nested = this.nestedObject(node);
      return [row, ...(nested ? this.fields(nested.schema, `${path}${nested.suffix}.`) : [])];
    });
  }

  /** The inline object a field holds (itself, its non-null variant or its items), to list its fields too. */
  private nestedObject(node: Json): { schema: Json; suffix: string } | undefined {
    if (node.$ref) return undefined;
    if (node.properties) return { schema: node, suffix: '' };
    const variants = (node.anyOf as Json[] | undefined)?.filter((v) => v.type !== 'null');
    if (variants?.length === 1) return this.nestedObject(variants[0]!);
    if (node.type === 'array' && node.items) {
      const items = this.nestedObject(node.items as Json);
      return items && { schema: items.schema, suffix: `[]${items.suffix}` };
    }
    return undefined;
  }

  private fieldTable(schema: Json): string {
    return table(['field', 'type', 'required', 'notes'], this.fields(schema));
  }

  private examples(media: Json): string {
    const examples = (media.examples as Record<string, Json> | undefined) ?? {};
    return Object.values(examples)
      .map((e) => this.resolve(e))
      .map((e) => `<details><summary>Example: ${inline(String(e.summary ?? ''))}</summary>${pre(e.value)}</details>`)
      .join('');
  }

  /** The error codes an error response can carry (the enum next to the shared Error schema). */
  private codesOf(response: Json): string[] {
    const media = (response.content as Record<string, Json> | undefined)?.['application/json'];
    const allOf = media && (this.resolve(media.schema as Json).allOf as Json[] | undefined);
    const code = allOf?.[1] && ((allOf[1].properties as Record<string, Json>).code as Json);
    return (code?.enum as string[] | undefined) ?? [];
  }

  /** The generated samples (document.ts), stacked: each a block that opens on a click, without a script. */
  private codeSamples(op: Json): string {
    const samples = (op['x-codeSamples'] as { label: string; source: string }[] | undefined) ?? [];
    if (samples.length === 0) return '';
    const blocks = samples.map(
      (s) => `<details><summary>${escapeHtml(s.label)}</summary><pre>${escapeHtml(s.source)}</pre></details>`,
    );
    return `<h4>Code samples</h4><p>With the service's address in <code>DTE_API_URL</code> and a token in <code>DTE_TOKEN</code>.</p>${blocks.join('')}`;
  }

  private operation(path: string, method: string, op: Json): string {
    const security = (op.security as Json[]).length
      ? 'API token: <code>x-api-token</code> or <code>Authorization: Bearer</code>'
      : 'Public: no token';
    const parameters = ((op.parameters as Json[] | undefined) ?? []).map((p) => this.resolve(p));
    const parameterTable = table(
      ['name', 'in', 'required', 'type', 'notes'],
      parameters.map((p) => [
        `<code>${escapeHtml(String(p.name))}</code>`,
        escapeHtml(String(p.in)),
        p.required ? 'yes' : '',
        this.typeOf(p.schema as Json),
        [this.constraints(p.schema as Json), inline(String(p.description ?? ''))].filter(Boolean).join('; '),
      ]),
    );
    const body = op.requestBody as Json | undefined;
    const bodyMedia = body && (body.content as Record<string, Json>)['application/json']!;
    const request = bodyMedia
      ? `<h4>Request body (JSON${body.required ? '' : ', optional'})</h4>${this.fieldTable(this.resolve(bodyMedia.schema as Json))}${this.examples(bodyMedia)}`
      : '';
    const responses = Object.entries(op.responses as Record<string, Json>);
    const responseRows = responses.map(([status, r]) => {
      const codes = this.codesOf(r);
      const media = Object.entries((r.content as Record<string, Json> | undefined) ?? {});
      const what = codes.length
        ? codes.map((c) => `<a href="#${anchor('code', c)}"><code>${escapeHtml(c)}</code></a>`).join(', ')
        : media.map(([type, m]) => `${escapeHtml(type)}: ${this.typeOf(m.schema as Json)}`).join('<br>');
      return [`<strong>${escapeHtml(status)}</strong>`, inline(String(r.description)), what];
    });
    const successExamples = responses
      .filter(([, r]) => this.codesOf(r).length === 0)
      .map(([, r]) =>
        Object.values((r.content as Record<string, Json> | undefined) ?? {})
          .map((m) => this.examples(m))
          .join(''),
      )
      .join('');
    const id = String(op.operationId);
    return `<article id="${anchor('op', id)}">
<h3><span class="method ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>
<p class="summary">${inline(String(op.summary ?? ''))} <small>(${escapeHtml(id)})</small></p>
${markdown(op.description as string | undefined)}
<p class="auth">${security}</p>
${parameterTable ? `<h4>Parameters</h4>${parameterTable}` : ''}
${request}
<h4>Responses</h4>${table(['status', 'meaning', 'body or error codes'], responseRows)}${successExamples}
${this.codeSamples(op)}
</article>`;
  }

  private errorCodes(): string {
    const schema = this.doc.components.schemas.ErrorCode as Json;
    const descriptions = schema['x-enumDescriptions'] as Record<string, string>;
    const statuses = new Map<string, Set<string>>();
    for (const item of Object.values(this.doc.paths))
      for (const op of Object.values(item) as Json[])
        for (const [status, response] of Object.entries(op.responses as Record<string, Json>))
          for (const code of this.codesOf(response)) statuses.set(code, (statuses.get(code) ?? new Set()).add(status));
    const examples = this.doc.components.examples as Record<string, Json>;
    const rows = (schema.enum as string[]).map((code) => [
      `<code id="${anchor('code', code)}">${escapeHtml(code)}</code>`,
      [...(statuses.get(code) ?? [])].sort().join(', ') || '—',
      `${inline(descriptions[code] ?? '')}<details><summary>Example</summary>${pre(examples[code]!.value)}</details>`,
    ]);
    return `<section><h2 id="${ERROR_CODES_ANCHOR}">Error codes</h2>
<p>Every refusal is <code>{"status":"error","code","message",...details}</code>; the details of each code are in its example.</p>
${table(['code', 'HTTP status', 'meaning'], rows)}</section>`;
  }

  /** The events webhooks deliver (the document's `webhooks`): each one's payload and an example. */
  private webhookEvents(): string {
    const events = Object.entries(this.doc.webhooks).map(([type, item]) => {
      const post = item.post as Json;
      const media = ((post.requestBody as Json).content as Record<string, Json>)['application/json']!;
      return `<article id="${anchor('event', type)}"><h3><code>${escapeHtml(type)}</code></h3>${markdown(post.description as string)}${this.fieldTable(this.resolve(media.schema as Json))}${this.examples(media)}</article>`;
    });
    return `<section><h2 id="webhook-events">Webhook events</h2>
<p>What an endpoint receives: a POST whose JSON body is one of these (<a href="#${anchor('schema', 'WebhookEvento')}">WebhookEvento</a>), signed with Standard Webhooks (<code>webhook-id</code>, <code>webhook-timestamp</code>, <code>webhook-signature</code>).</p>
${events.join('\n')}</section>`;
  }

  /** Every component but ErrorCode, whose table is the Error codes section. */
  private schemas(): string {
    return `<section><h2 id="schemas">Schemas</h2>${Object.entries(this.doc.components.schemas)
      .filter(([name]) => name !== 'ErrorCode')
      .map(([name, schema]: [string, Json]) => {
        const body = schema.properties ? this.fieldTable(schema) : `<p>${this.typeOf(schema)}</p>`;
        return `<article id="${anchor('schema', name)}"><h3>${escapeHtml(name)}</h3>${markdown(schema.description as string | undefined)}${body}</article>`;
      })
      .join('\n')}</section>`;
  }

  render(): string {
    const { info, paths, tags } = this.doc;
    const byTag = tags.map((tag) => ({
      tag,
      operations: Object.entries(paths).flatMap(([path, item]) =>
        Object.entries(item as Record<string, Json>)
          .filter(([, op]) => (op.tags as string[])[0] === tag.name)
          .map(([method, op]) => ({ path, method, op })),
      ),
    }));
    const nav = byTag
      .map(
        ({ tag, operations }) =>
          `<li>${escapeHtml(tag.name)}<ul>${operations
            .map(
              ({ path, method, op }) =>
                `<li><a href="#${anchor('op', String(op.operationId))}"><span class="method ${method}">${method.toUpperCase()}</span> ${escapeHtml(path)}</a></li>`,
            )
            .join('')}</ul></li>`,
      )
      .join('');
    const sections = byTag
      .map(
        ({ tag, operations }) =>
          `<section><h2 id="${anchor('tag', tag.name)}">${escapeHtml(tag.name)}</h2>${markdown(tag.description)}${operations
            .map(({ path, method, op }) => this.operation(path, method, op))
            .join('\n')}</section>`,
      )
      .join('\n');
    return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(info.title)} ${escapeHtml(info.version)}</title>
<style>${STYLE}</style>
</head>
<body>
<nav><p><strong>${escapeHtml(info.title)}</strong></p><ul>${nav}<li><a href="#webhook-events">Webhook events</a></li><li><a href="#${ERROR_CODES_ANCHOR}">Error codes</a></li><li><a href="#schemas">Schemas</a></li></ul></nav>
<main>
<h1>${escapeHtml(info.title)} <small>${escapeHtml(info.version)}</small></h1>
${markdown(info.description)}
<p>OpenAPI ${escapeHtml(this.doc.openapi)} document: <a href="/openapi.json">/openapi.json</a>.</p>
${sections}
${this.webhookEvents()}
${this.errorCodes()}
${this.schemas()}
</main>
</body>
</html>
`;
  }
}

export function renderReference(doc: OpenApiDocument): string {
  return new Renderer(doc).render();
}

const STYLE = `
body{margin:0;font:15px/1.5 system-ui,sans-serif;color:#1d2330;display:flex}
nav{position:sticky;top:0;height:100vh;overflow:auto;width:19rem;flex:none;padding:1rem;background:#f4f6fa;box-sizing:border-box;font-size:13px}
nav ul{list-style:none;padding-left:.5rem}nav a{color:inherit;text-decoration:none;white-space:nowrap}
main{padding:1rem 2rem;max-width:70rem;min-width:0}
article{border-top:1px solid #dde2ec;padding:.5rem 0 1rem}
h2{margin-top:2.5rem;border-bottom:2px solid #1f3a93}
.method{display:inline-block;min-width:3.2em;padding:0 .3em;border-radius:3px;color:#fff;font:bold 12px monospace;text-align:center}
.get{background:#2f7d32}.post{background:#1f3a93}.delete{background:#b3261e}
table{border-collapse:collapse;margin:.5rem 0;font-size:13px}
th,td{border:1px solid #dde2ec;padding:.25rem .5rem;text-align:left;vertical-align:top}
th{background:#f4f6fa}
code{font:13px monospace;background:#f4f6fa;padding:0 .2em}
pre{background:#1d2330;color:#e8ecf4;padding:.75rem;overflow:auto;font-size:12px}
details{margin:.25rem 0}summary{cursor:pointer}
.summary{font-weight:600}
`;
