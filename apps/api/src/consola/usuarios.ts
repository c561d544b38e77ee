import { Router, type Request, type Response } from 'express';
import { DteError, ErrorCode, esRol, ROLES, type Rol } from '@dte/domain';
import { RechazoUsuario, SecretBox, SesionesConsola, Tenants, type Membresia, type UsuarioRecord } from '@dte/store';
import type { ApiContext } from '../context';
import { authenticate, requirePermission } from '../http/auth';
import { auditar } from '../http/auditoria';
import { enviarEnlace } from '../personas/enlaces';
import { campo, campoCsrf, texto, type Errores } from './formulario';
import { fechaHora, html, pagina, type Html } from './html';
import { datosDePagina } from './pagina';
import { personas } from './sesion';

/** Each role as the administrator chooses it: its name and, in one line, what it may do (`PERMISOS_DEL_ROL`). */
const ROLES_DESCRITOS: Record<Rol, [nombre: string, descripcion: string]> = {
  ADMINISTRADOR: ['Administrador', 'todo: usuarios, tokens, webhooks, ajustes, emisión y anulación'],
  FACTURADOR: ['Facturador', 'emite documentos, los reenvía y lleva clientes y productos; no anula'],
  SOPORTE: ['Soporte', 'consulta y reenvía documentos, y prueba si MH responde; no emite ni anula'],
  CONTADOR: ['Contador', 'libros, anexos y compras, y su clasificación'],
  AUDITOR: ['Auditor', 'consulta todo, también el registro de auditoría; no cambia nada'],
};

const AVISOS: Record<string, string> = {
  invitado: 'Invitación enviada: la persona recibirá un enlace por correo para elegir su contraseña.',
  reinvitado: 'Invitación enviada otra vez, con un enlace nuevo.',
  rol: 'Rol cambiado: sus permisos cambian desde su próxima acción.',
  deshabilitado: 'Usuario deshabilitado en este emisor: sus sesiones aquí se cerraron.',
  habilitado: 'Usuario habilitado: puede volver a entrar a este emisor.',
  'segundo-factor': 'Segundo factor restablecido: la persona lo activará de nuevo al entrar.',
  sesiones: 'Sesiones cerradas en este emisor.',
  obligatorio: 'Regla del segundo factor guardada.',
};

const membresiaEn = (usuario: UsuarioRecord, emisorId: number): Membresia =>
  usuario.membresias.find((m) => m.emisorId === emisorId)!;

/** Disabled here, invited and not yet in (no password), or working. */
function estado(usuario: UsuarioRecord, membresia: Membresia): Html {
  if (membresia.deshabilitada) return html`<span class="estado estado-rejected">Deshabilitado</span>`;
  if (usuario.contrasena === null) return html`<span class="estado estado-pendiente">Invitación pendiente</span>`;
  return html`<span class="estado estado-processed">Activo</span>`;
}

const segundoFactor = (usuario: UsuarioRecord) =>
  usuario.totp?.activo
    ? html`<span class="estado estado-processed">Activo</span>`
    : html`<span class="estado">Sin activar</span>`;

function selectorDeRol(nombre: string, elegido: string, errores: Errores): Html {
  const error = errores[nombre];
  return html`<label
    >Rol<select
      name="${nombre}"
      id="campo-${nombre}"
      ${error ? html`aria-invalid="true" aria-describedby="error-${nombre}"` : ''}
    >
      ${ROLES.map(
        (rol) =>
          html`<option value="${rol}" ${rol === elegido ? 'selected' : ''}>
            ${ROLES_DESCRITOS[rol][0]}: ${ROLES_DESCRITOS[rol][1]}
          </option>`,
      )}</select
    >${error && html`<span class="error-campo" id="error-${nombre}">${error}</span>`}</label
  >`;
}

/**
 * The emisor's persons for its administrators (USUARIOS): the list with the rule that every person uses a
 * second factor, an invitation form, and each person's page where their role is changed, they are disabled
 * or enabled, their second factor reset and their sessions ended. Everything is of the session's emisor: a
 * person who is not a member of it is not found. An administrator acting on themselves may not disable or
 * demote themselves, so no emisor loses its administrator by a slip.
 */
export function usuariosConsola(ctx: ApiContext): Router {
  const router = Router();
  const tenants = new Tenants(ctx.db, new SecretBox(ctx.config.SECRET_KEY));
  const sesiones = new SesionesConsola(ctx.db.connection);

  router.use('/usuarios', authenticate(ctx), (req, _res, next) => {
    requirePermission(req.auth, 'USUARIOS');
    next();
  });

  const csrf = campoCsrf;
  const aviso = (req: Request) => {
    const mensaje = AVISOS[String(req.query.hecho)];
    return mensaje && html`<p class="aviso ok" role="status">${mensaje}</p>`;
  };

  /** The person, a member of the session's emisor; any other id is not found, whoever it is. */
  async function propio(req: Request): Promise<UsuarioRecord> {
    const usuario = await personas(ctx).usuarios.leer(String(req.params.id));
    if (!usuario?.membresias.some((m) => m.emisorId === req.auth.emisorId))
      throw new DteError(ErrorCode.NOT_FOUND, 404, 'Este emisor no tiene ese usuario');
    return usuario;
  }

  /** The administrator acting on themselves, refused what would leave the emisor without them. */
  function noASiMismo(req: Request, usuario: UsuarioRecord, mensaje: string): void {
    if (req.sesionConsola!.usuario?._id === usuario._id) throw new DteError(ErrorCode.PERMISSION_DENIED, 403, mensaje);
  }

  async function lista(req: Request, invitacion: { valores?: Record<string, string>; errores?: Errores } = {}) {
    const emisorId = req.auth.emisorId;
    const [usuarios, obligatorio] = await Promise.all([
      personas(ctx).usuarios.delEmisor(emisorId),
      tenants.segundoFactorObligatorio(emisorId),
    ]);
    const sinSegundoFactor = usuarios.filter((u) => !membresiaEn(u, emisorId).deshabilitada && !u.totp?.activo);
    const { valores = {}, errores = {} } = invitacion;
    const cuerpo = html`${aviso(req)}
      ${
        usuarios.length
          ? html`<table class="usuarios">
              <thead>
                <tr>
                  <th>Nombre</th>
                  <th>Correo</th>
                  <th>Rol</th>
                  <th>Estado</th>
                  <th>Segundo factor</th>
                </tr>
              </thead>
              <tbody>
                ${usuarios.map((u) => {
                  const m = membresiaEn(u, emisorId);
                  return html`<tr>
                    <td><a href="/consola/usuarios/${u._id}">${u.nombre || u.correo}</a></td>
                    <td>${u.correo}</td>
                    <td>${ROLES_DESCRITOS[m.rol][0]}</td>
                    <td>${estado(u, m)}</td>
                    <td>${segundoFactor(u)}</td>
                  </tr>`;
                })}
              </tbody>
            </table>`
          : html`<p class="vacio">Nadie entra todavía a este emisor con su correo.</p>`
      }
      <section>
        <h2>Invitar a una persona</h2>
        <form class="accion" method="post" action="/consola/usuarios" novalidate>
          ${campo('Correo', 'correo', { tipo: 'email', valor: valores.correo, errores, extra: html`required` })}
          ${campo('Nombre', 'nombre', { valor: valores.nombre, errores, extra: html`required maxlength="100"` })}
          ${selectorDeRol('rol', valores.rol ?? 'SOPORTE', errores)} ${csrf(req)}
          <button type="submit">Invitar</button>
          <p class="tenue">Recibirá por correo un enlace que sirve una vez durante 7 días para elegir su contraseña.</p>
        </form>
      </section>
      <section>
        <h2>Segundo factor obligatorio</h2>
        <p>
          ${
            obligatorio
              ? 'Todas las personas de este emisor deben usar un segundo factor: quien no lo tenga lo activa al entrar.'
              : 'Cada persona decide si usa un segundo factor.'
          }
          ${
            sinSegundoFactor.length
              ? html`<span class="tenue">${sinSegundoFactor.length} de ${usuarios.length} no lo tienen activo.</span>`
              : ''
          }
        </p>
        <form class="accion" method="post" action="/consola/usuarios/segundo-factor-obligatorio">
          <input type="hidden" name="obligatorio" value="${obligatorio ? 'no' : 'si'}" /> ${csrf(req)}
          <button type="submit" class="${obligatorio ? 'secundario' : ''}">
            ${obligatorio ? 'Dejar de exigirlo' : 'Exigirlo a todos'}
          </button>
        </form>
      </section>`;
    return pagina({ ...(await datosDePagina(ctx, req)), titulo: 'Usuarios', seccion: 'usuarios', cuerpo });
  }

  router.get('/usuarios', async (req, res) => {
    res.send(await lista(req));
  });

  /** An invitation: the person made a member with the role, then e-mailed their link. */
  router.post('/usuarios', async (req, res) => {
    const valores = {
      correo: texto(req, 'correo').trim(),
      nombre: texto(req, 'nombre').trim(),
      rol: texto(req, 'rol'),
    };
    const errores: Errores = {};
    if (!valores.correo) errores.correo = 'Escriba el correo de la persona';
    if (!valores.nombre) errores.nombre = 'Escriba el nombre de la persona';
    else if (valores.nombre.length > 100) errores.nombre = 'Use hasta 100 caracteres';
    if (!esRol(valores.rol)) errores.rol = 'Elija uno de los roles';
    const rol = valores.rol as Rol;
    let usuario: UsuarioRecord | undefined;
    if (!Object.keys(errores).length)
      try {
        ({ usuario } = await personas(ctx).invitar(valores.correo, valores.nombre, {
          emisorId: req.auth.emisorId,
          rol,
        }));
      } catch (err) {
        if (!(err instanceof RechazoUsuario)) throw err;
        errores.correo = err.message;
      }
    if (!usuario) return void res.status(400).send(await lista(req, { valores, errores }));
    await auditar(ctx, req, 'USUARIO_INVITADO', { detalles: { usuarioId: usuario._id, correo: usuario.correo, rol } });
    await invitar(req, usuario);
    res.redirect(303, '/consola/usuarios?hecho=invitado');
  });

  const invitar = (req: Request, usuario: UsuarioRecord) =>
    enviarEnlace(ctx, {
      usuarioId: usuario._id,
      tipo: 'INVITACION',
      emisorId: req.auth.emisorId,
      invitadoPor: req.sesionConsola!.usuario?.nombre ?? req.tokenDeSesion?.name,
    });

  router.post('/usuarios/segundo-factor-obligatorio', async (req, res) => {
    const obligatorio = texto(req, 'obligatorio') === 'si';
    await tenants.setSegundoFactorObligatorio(req.auth.emisorId, obligatorio);
    await auditar(ctx, req, 'SEGUNDO_FACTOR_OBLIGATORIO_CAMBIADO', { detalles: { obligatorio } });
    res.redirect(303, '/consola/usuarios?hecho=obligatorio');
  });

  /** A person's page: what they are here and what the administrator may do about it. */
  async function ficha(req: Request, errores: Errores = {}) {
    const usuario = await propio(req);
    const emisorId = req.auth.emisorId;
    const m = membresiaEn(usuario, emisorId);
    const abiertas = (await sesiones.deUsuario(usuario._id)).filter((s) => s.usuario?.emisorId === emisorId);
    const yo = req.sesionConsola!.usuario?._id === usuario._id;
    const ruta = `/consola/usuarios/${usuario._id}`;
    const cuerpo = html`${aviso(req)}
      <dl class="ficha">
        <div>
          <dt>Correo</dt>
          <dd>${usuario.correo}</dd>
        </div>
        <div>
          <dt>Rol</dt>
          <dd>${ROLES_DESCRITOS[m.rol][0]}: ${ROLES_DESCRITOS[m.rol][1]}</dd>
        </div>
        <div>
          <dt>Estado</dt>
          <dd>${estado(usuario, m)}</dd>
        </div>
        <div>
          <dt>Segundo factor</dt>
          <dd>${segundoFactor(usuario)}</dd>
        </div>
        <div>
          <dt>Sesiones abiertas en este emisor</dt>
          <dd>${abiertas.length}</dd>
        </div>
        <div>
          <dt>Invitado</dt>
          <dd>${fechaHora(usuario.creado)}</dd>
        </div>
      </dl>
      ${
        yo
          ? html`<p class="aviso alerta">
              Esta es su propia cuenta: no puede deshabilitarse ni cambiar su rol; otro administrador del emisor puede
              hacerlo. Su contraseña y su segundo factor se cambian en <a href="/consola/cuenta">su cuenta</a>.
            </p>`
          : html`<form class="accion" method="post" action="${ruta}/rol" novalidate>
              <h3>Cambiar el rol</h3>
              ${selectorDeRol('rol', m.rol, errores)} ${csrf(req)}
              <button type="submit">Cambiar rol</button>
            </form>`
      }
      ${
        usuario.contrasena === null &&
        !m.deshabilitada &&
        html`<form class="accion" method="post" action="${ruta}/invitacion">
          <h3>Invitación</h3>
          <p class="tenue">Todavía no eligió su contraseña. Un enlace nuevo reemplaza al que tenga.</p>
          ${csrf(req)}
          <button type="submit" class="secundario">Enviar la invitación otra vez</button>
        </form>`
      }
      ${
        abiertas.length > 0 &&
        html`<form class="accion" method="post" action="${ruta}/sesiones">
          <h3>Sesiones</h3>
          <p class="tenue">Cierra sus sesiones abiertas en este emisor; puede volver a entrar.</p>
          ${csrf(req)}
          <button type="submit" class="secundario">Cerrar sus sesiones</button>
        </form>`
      }
      ${
        usuario.totp &&
        !yo &&
        html`<form class="accion" method="post" action="${ruta}/segundo-factor">
          <h3>Segundo factor</h3>
          <p class="tenue">Si perdió su teléfono: lo activará de nuevo al entrar.</p>
          ${csrf(req)}
          <button type="submit" class="secundario">Restablecer el segundo factor</button>
        </form>`
      }
      ${
        !yo &&
        (m.deshabilitada
          ? html`<form class="accion" method="post" action="${ruta}/habilitar">
              <h3>Habilitar</h3>
              ${csrf(req)}
              <button type="submit">Habilitar en este emisor</button>
            </form>`
          : html`<form class="accion" method="post" action="${ruta}/deshabilitar">
              <h3>Deshabilitar</h3>
              <p class="tenue">Deja de poder entrar a este emisor; lo hecho queda registrado con su nombre.</p>
              ${csrf(req)}
              <button type="submit" class="peligro">Deshabilitar…</button>
            </form>`)
      }
      <p><a class="boton secundario" href="/consola/usuarios">Volver a usuarios</a></p>`;
    return pagina({
      ...(await datosDePagina(ctx, req)),
      titulo: usuario.nombre || usuario.correo,
      seccion: 'usuarios',
      cuerpo,
    });
  }

  router.get('/usuarios/:id', async (req, res) => {
    res.send(await ficha(req));
  });

  const volver = (res: Response, usuario: UsuarioRecord, hecho: string) =>
    res.redirect(303, `/consola/usuarios/${usuario._id}?hecho=${hecho}`);

  router.post('/usuarios/:id/rol', async (req, res) => {
    const usuario = await propio(req);
    const rol = texto(req, 'rol');
    if (!esRol(rol)) return void res.status(400).send(await ficha(req, { rol: 'Elija uno de los roles' }));
    noASiMismo(req, usuario, 'Usted no puede cambiar su propio rol: otro administrador del emisor puede hacerlo');
    const de = membresiaEn(usuario, req.auth.emisorId).rol;
    if (rol !== de) {
      await personas(ctx).cambiarRol(usuario._id, req.auth.emisorId, rol);
      await auditar(ctx, req, 'USUARIO_ROL_CAMBIADO', {
        detalles: { usuarioId: usuario._id, correo: usuario.correo, de, a: rol },
      });
    }
    volver(res, usuario, 'rol');
  });

  router.post('/usuarios/:id/invitacion', async (req, res) => {
    const usuario = await propio(req);
    await invitar(req, usuario);
    volver(res, usuario, 'reinvitado');
  });

  router.post('/usuarios/:id/sesiones', async (req, res) => {
    const usuario = await propio(req);
    await sesiones.cerrarDeUsuario(usuario._id, req.auth.emisorId);
    await auditar(ctx, req, 'SESION_CERRADA', { detalles: { usuarioId: usuario._id, correo: usuario.correo } });
    volver(res, usuario, 'sesiones');
  });

  router.post('/usuarios/:id/habilitar', async (req, res) => {
    const usuario = await propio(req);
    await personas(ctx).setDeshabilitada(usuario._id, req.auth.emisorId, false);
    await auditar(ctx, req, 'USUARIO_HABILITADO', { detalles: { usuarioId: usuario._id, correo: usuario.correo } });
    volver(res, usuario, 'habilitado');
  });

  /**
   * An act the person feels at once, in two steps as the purchases' decision: the first POST shows what it
   * does and asks again (`paso` absent), the second does it (`paso=confirmar`).
   */
  function enDosPasos(
    accion: string,
    {
      titulo,
      propia,
      explicacion,
      boton,
      hacer,
    }: {
      titulo: string;
      /** What an administrator may not do to themselves, refused at either step. */
      propia: string;
      explicacion: (usuario: UsuarioRecord) => Html;
      boton: string;
      hacer: (req: Request, usuario: UsuarioRecord) => Promise<string>;
    },
  ) {
    router.post(`/usuarios/:id/${accion}`, async (req, res) => {
      const usuario = await propio(req);
      noASiMismo(req, usuario, propia);
      if (texto(req, 'paso') === 'confirmar') return volver(res, usuario, await hacer(req, usuario));
      const ruta = `/consola/usuarios/${usuario._id}`;
      res.send(
        pagina({
          ...(await datosDePagina(ctx, req)),
          titulo,
          seccion: 'usuarios',
          cuerpo: html`<div class="aviso alerta">${explicacion(usuario)}</div>
            <form method="post" action="${ruta}/${accion}" class="accion">
              <input type="hidden" name="paso" value="confirmar" /> ${csrf(req)}
              <button type="submit" class="peligro">${boton}</button>
              <a class="boton secundario" href="${ruta}">Volver sin cambiar nada</a>
            </form>`,
        }),
      );
    });
  }

  enDosPasos('deshabilitar', {
    titulo: '¿Deshabilitar al usuario?',
    propia: 'Usted no puede deshabilitarse a sí mismo: otro administrador del emisor puede hacerlo',
    explicacion: (u) =>
      html`<p>
          <strong>${u.nombre || u.correo}</strong> (${u.correo}) dejará de poder entrar a este emisor y sus sesiones
          abiertas aquí se cerrarán ahora. Los demás emisores en que trabaje no cambian.
        </p>
        <p>Puede habilitarlo otra vez desde su página.</p>`,
    boton: 'Sí, deshabilitar',
    hacer: async (req, usuario) => {
      await personas(ctx).setDeshabilitada(usuario._id, req.auth.emisorId, true);
      await auditar(ctx, req, 'USUARIO_DESHABILITADO', {
        detalles: { usuarioId: usuario._id, correo: usuario.correo },
      });
      return 'deshabilitado';
    },
  });

  enDosPasos('segundo-factor', {
    titulo: '¿Restablecer el segundo factor?',
    propia: 'Su propio segundo factor se cambia en su cuenta, no aquí',
    explicacion: (u) =>
      html`<p>
          Se borran el segundo factor y los códigos de recuperación de <strong>${u.nombre || u.correo}</strong>
          (${u.correo}). Entrará solo con su contraseña hasta que active uno nuevo, y en un emisor que lo exige deberá
          activarlo al entrar.
        </p>
        <p>Su segundo factor es el mismo en todos los emisores en que trabaja. Hágalo solo si la persona lo pidió.</p>`,
    boton: 'Sí, restablecer',
    hacer: async (req, usuario) => {
      await personas(ctx).usuarios.quitarTotp(usuario._id);
      await auditar(ctx, req, 'USUARIO_SEGUNDO_FACTOR_RESTABLECIDO', {
        detalles: { usuarioId: usuario._id, correo: usuario.correo },
      });
      return 'segundo-factor';
    },
  });

  return router;
}
