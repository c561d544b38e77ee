/** Failure type that carries a `DteError` (code, httpStatus, message, details) from an activity to the API. */
export const DTE_ERROR_FAILURE = 'DteError';

export interface DteErrorDetails {
  code: string;
  httpStatus: number;
  message: string;
  details: Record<string, unknown>;
}
