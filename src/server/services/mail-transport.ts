// https://nodemailer.com/smtp/ : emails go out through the server at SMTP_URL.
import type { SendMailOptions, Transporter } from 'nodemailer';
import { nodemailerModule } from './modules-on-first-use.ts';

/** Sends through one SMTP server; nodemailer is loaded and the transport made with the first email. */
export class MailTransport {
  private transporter: Transporter | undefined;

  constructor(private readonly smtpUrl: string) {}

  async send(mail: SendMailOptions): Promise<void> {
    this.transporter ??= (await nodemailerModule.get()).createTransport(this.smtpUrl);
    await this.transporter.sendMail(mail);
  }
}
