/** The batch cannot be sent as asked: nothing was sent to the provider (a 422 for whoever asked). */
export class SmsRequestInvalid extends Error {
  constructor(
    message: string,
    readonly field: 'to' | 'message' | 'from',
  ) {
    super(message);
    this.name = 'SmsRequestInvalid';
  }
}
