import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import { PRODUCT_NAME } from '@backroom/schema';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

const FROM = `${PRODUCT_NAME} <no-reply@backroom.example>`;

/**
 * SMTP when SMTP_URL is set; otherwise nodemailer's JSON transport and the message written to the
 * server log, so a developer can read reset codes there. `transport` replaces both (tests).
 */
export function createMailer(options: {
  smtpUrl: string | null;
  transport?: Transporter;
  logger: FastifyBaseLogger;
}): Mailer {
  const toLog = !options.transport && !options.smtpUrl;
  const transport =
    options.transport ??
    (options.smtpUrl
      ? nodemailer.createTransport(options.smtpUrl)
      : nodemailer.createTransport({ jsonTransport: true }));
  return {
    async send(message) {
      const info = await transport.sendMail({ from: FROM, ...message });
      if (toLog)
        options.logger.info(
          { mail: { to: message.to, subject: message.subject, text: message.text } },
          'mail (no SMTP_URL set)',
        );
      else options.logger.info({ to: message.to, subject: message.subject, messageId: info.messageId }, 'mail sent');
    },
  };
}
