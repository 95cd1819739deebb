/**
 * Bad input to the admin command: an unknown e-mail, days that are not a positive whole number,
 * revoking someone without access, refunding an order already refunded. The command prints the
 * message as one line and exits with status 2, having changed nothing.
 */
export class AdminInputError extends Error {
  override readonly name = 'AdminInputError';
}
