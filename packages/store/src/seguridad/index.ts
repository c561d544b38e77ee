export { CONTRASENA_MAXIMA, CONTRASENA_MINIMA, hashContrasena, verificarContrasena } from './contrasenas';
export { comprobarCodigoTotp, nuevoSecretoTotp, pasoTotp, qrTotpSvg, uriTotp } from './totp';
export { CODIGOS_DE_RECUPERACION, hashCodigoDeRecuperacion, nuevosCodigosDeRecuperacion } from './recuperacion';
