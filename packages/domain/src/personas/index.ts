export { esRol, LEER_COMPRAS, PERMISOS, PERMISOS_DEL_ROL, rolPermite, ROLES, type Rol } from './roles';
export { ACCIONES_AUDITORIA, claveDeActor, esAccionAuditoria, type AccionAuditoria, type Actor } from './auditoria';
export { esCorreo, normalizarCorreo } from './correo';
export { RUTA_DE_ENLACE, rutaDeEnlace, type TipoEnlace } from './enlaces';
