/**
 * The pages' logger (server side): the same one-line format as the server's log (`[error] message
 * {fields}`), on standard error, so a page's failure reads like any other in the server log. Pages
 * do not import the server's modules (ADR 034); what they log is rare (an unexpected error).
 */
export function logPageError(message: string, error: unknown) {
  console.error(`[error] ${message} ${JSON.stringify({ error: error instanceof Error ? error.stack : String(error) })}`);
}

/** A read a page can do without (its section shows empty): a warning, the error's message only. */
export function logPageWarning(message: string, error: unknown) {
  console.error(`[warn] ${message} ${JSON.stringify({ error: error instanceof Error ? error.message : String(error) })}`);
}
