import { PERMISSIONS } from '@dte/store';

/**
 * What `npm run admin -- help` prints: one entry per command, each with its actions and options (`--name
 * value`). `help <command>` and `<command> [<action>] --help` print that command's entry alone.
 */
export const AYUDA = {
  'dev-tenant': `dev-tenant [tokenFile]
                creates the development emisor, establishment, point of sale and token once, and writes the
                token to tokenFile (default .data/dev-token)`,
  emisor: `emisor create --nit --nrc --nombre [--nombre-comercial] --cod-actividad --desc-actividad
                --departamento --municipio [--distrito] --complemento --telefono --correo
                --ambiente TEST|PROD --mh-password --certificado <CertificadoMH .crt file> --certificado-password
  emisor list
  emisor produccion --emisor <id> --mh-password --certificado <production CertificadoMH .crt file>
                --certificado-password [--sin-certificacion]
                moves a TEST emisor to ambiente PROD with the credentials MH gives it for production;
                refused while the emisor has no completed certification campaign, unless --sin-certificacion
  emisor distrito --emisor <id> --distrito <CAT-008 code, 2 digits>
  emisor normativa --emisor <id> --generacion 2026|2023 [--desde <ISO 8601 instant, default now>]
                from --desde the emisor issues in MH's schemas of that generation, before it in the other;
                without it the emisor follows NORMATIVA_2026_DESDE. 2026 needs the distrito of the emisor
                and of each of its establishments.
  emisor normativa --emisor <id> --servicio
                the emisor follows NORMATIVA_2026_DESDE again (its own cut-over removed)
  emisor branding --emisor <id> [--logo <png|jpg|gif|webp|svg file>] [--color-principal #RRGGBB]
                [--color-secundario #RRGGBB] [--color-fondo #RRGGBB]
  emisor compras --emisor <id> [--monto-confirmacion <USD, e.g. 500.00>|--servicio] [--primero-del-proveedor si|no]
                which received documents MH confirmed wait for a person (COMPRAS_CONFIRMAR) to compare them
                with MH's consulta pública before they count: those above the amount (--servicio: the
                service's COMPRAS_MONTO_CONFIRMACION), and with si each supplier's first; prints the policy`,
  establecimiento: `establecimiento create --emisor <id> --cod-estable --cod-estable-mh --tipo-establecimiento --nombre
                --departamento --municipio [--distrito] --complemento --telefono
  establecimiento list --emisor <id>
  establecimiento distrito --establecimiento <id> --distrito <CAT-008 code, 2 digits>
  establecimiento deactivate|activate|delete --establecimiento <id>
                deactivated: its tokens stop issuing; delete: only without documents (revokes its tokens)`,
  'punto-venta': `punto-venta create --emisor <id> --establecimiento <id> --cod-punto-venta --cod-punto-venta-mh
  punto-venta list --emisor <id>
  punto-venta deactivate|activate|delete --punto-venta <id>`,
  token: `token create --emisor <id> --establecimiento <id> --punto-venta <id> --name <text> --permissions <A,B,…|ALL>
                prints the token, this once
  token list --emisor <id>
  token revoke <id>
  permissions: ${PERMISSIONS.join(', ')}`,
  documentos: `documentos listar --emisor <id>
                puts the documents saved before GET /dte existed on the emisor's list (an upgrade step)`,
  webhooks: `webhooks create --emisor <id> --url <url> [--eventos <a,b,…>] [--descripcion <text>]
                prints the endpoint's secret, this once
  webhooks list --emisor <id>
  webhooks rotate|delete|enable --emisor <id> --webhook <whk_…>
  webhooks escuchar --emisor <id> --reenviar-a <url> [--eventos <a,b,…>]
                registers a temporary endpoint listening on loopback (a TEST emisor, and a deployment with
                WEBHOOK_PERMITIR_DESTINOS_PRIVADOS), prints each event as it arrives (one JSON line), forwards
                it with its signature headers to --reenviar-a and answers what that answered; its secret is
                printed on stderr; Ctrl-C (or SIGTERM) stops and deletes the endpoint`,
  buzon: `buzon set --emisor <id> --host <imap host> --usuario <login> --password <password or app password>
                [--port <default 993, or 143 with --sin-tls>] [--sin-tls] [--carpeta <default INBOX>]
                [--desde <YYYY-MM-DD>]
                the IMAP mailbox the emisor's suppliers e-mail their DTEs to, as POST /buzon (password sealed)
  buzon show --emisor <id>
                the mailbox, its last reading and the messages it could not take
  buzon delete --emisor <id>`,
  conciliar: `conciliar --emisor <id> --fecha <YYYY-MM-DD>
                reconciles the emisor's documents of that day with MH (consultadte) through Temporal, waits
                for it, and prints the summary (the report: GET /dte/conciliacion?fecha=)`,
  libros: `libros ventas-contribuyentes|ventas-consumidor|debito-fiscal|compras --emisor <id>
                --periodo <YYYY-MM> | --desde <YYYY-MM-DD> --hasta <YYYY-MM-DD>
                [--cod-estable <codEstable>] [--salida <file.xlsx>]
                prints the book of the month or dates (JSON), or writes it as a spreadsheet; as GET /libros/…`,
  anexos: `anexos ventas-contribuyentes|ventas-consumidor-final|documentos-anulados|retenciones|retenciones-13|
                compras|compras-sujetos-excluidos|retenciones-recibidas|percepciones-recibidas
                --emisor <id> --periodo <YYYY-MM> [--tipo-ingreso <1-10|12|13>] [--cod-estable <codEstable>]
                [--tipo-operacion <n> --clasificacion <n> --sector <n> --tipo-costo-gasto <n>] [--salida <file.csv>]
                prints the F-07 annex's rows (JSON), or writes the file DGII's portal imports; the tipo de
                ingreso is remembered for the emisor (as the API does), so anexos 1 and 2 need it once`,
  certificacion: `certificacion iniciar --emisor <id> [--plan <01=90,03=75,…,invalidacion=5,contingencia=5>]
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
  certificacion reanudar|cancelar --emisor <id>
                resumes a campaign paused at MH's rejection (after the emisor fixed its data), or ends it`,
  reenviar: `reenviar --emisor <id> --dte <codigoGeneracion> [--correo <address>]
                e-mails the document (its JSON and PDF) again, to --correo or its receptor's address, as
                POST /dte/resend does: only a document MH sealed`,
  schedules: `schedules list
                the service's Temporal Schedules as they are: paused or not, interval or hour, task queue, next runs
  schedules apply
                brings every schedule in line with this command's configuration (UNKNOWN_OUTCOME_SCAN_SECONDS,
                UNKNOWN_OUTCOME_MIN_AGE_SECONDS, CONCILIACION_HORA, BUZON_LECTURA_SEGUNDOS,
                TEMPORAL_TASK_QUEUE), creating the missing ones; a paused schedule stays paused. A worker's
                start-up only creates missing schedules, so a changed setting takes effect by this command`,
  help: `help [<command>]
                this list, or one command's; '<command> --help' too`,
} as const;

export type ComandoAdmin = keyof typeof AYUDA;

export const esComando = (nombre: string): nombre is ComandoAdmin => Object.hasOwn(AYUDA, nombre);

/** The whole list, or one command's entry. */
export function ayuda(comando?: string): string {
  if (comando && esComando(comando)) return `usage: npm run admin -- ${AYUDA[comando].trimStart()}\n`;
  return `usage: npm run admin -- <command> [<action>] [--option value …]\n\ncommands:\n${Object.values(AYUDA)
    .map((texto) => `  ${texto}`)
    .join('\n')}\n`;
}

/** Where a person who got a command wrong is sent. */
export const verAyuda = (comando?: string) =>
  comando && esComando(comando)
    ? `'npm run admin -- ${comando} --help' shows its options`
    : `'npm run admin -- help' lists the commands`;
