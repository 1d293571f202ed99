/** /api/ext/mail-service (spec transactions §7 "Mail"). */
export interface MailMessage {
  sourceAddress: string;
  targetAddress: string;
  subject: string;
  emailText: string;
  confirmation?: boolean;
}

export interface MailApi {
  /** GET get-token */
  getToken(): Promise<string>;
  /** POST send-email (the adapter fetches a token first unless one is given) */
  send(message: MailMessage, token?: string): Promise<void>;
}
