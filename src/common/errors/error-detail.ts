/** The message of whatever was thrown (an Error, a string, anything else). */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Node's error code ('ENOENT', 'ERR_OSSL_BAD_DECRYPT'...) of whatever was thrown, or ''. */
export function errorCode(error: unknown): string {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : '';
}
