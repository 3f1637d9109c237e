/**
 * The answer (403) to a sensitive change from a session that has not proved who is there within the
 * last five minutes; the admin panel recognises it, asks for the password and tries again.
 */
export const REAUTHENTICATION_REQUIRED_MESSAGE = 'Confirm your password to continue';
