/** Texts of the first run's setup code (ADR 029), shared by the service, the API and /initialize. */

/** The start-up log line that gives the owner the code (README quotes it). */
export const SETUP_CODE_LOG_LINE = (url: string, code: string) => `The club is not set up yet. Open ${url} and enter this setup code: ${code}`;
/** Where a volunteer finds the code: the words of the refusals. */
const WHERE = 'the server log (the terminal window where npm start runs), on the line that says "enter this setup code"';
export const SETUP_CODE_REQUIRED = `Enter the setup code. You find it in ${WHERE}.`;
export const SETUP_CODE_WRONG = `That setup code is not right. Copy it again from ${WHERE}.`;
export const SETUP_CODE_THROTTLED = 'Too many wrong setup codes.';
/** The form field and API body field that carry the code. */
export const SETUP_CODE_FIELD = 'setup_code';
