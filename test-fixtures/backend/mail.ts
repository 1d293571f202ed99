import { magentoDate } from '../catalogue/rng';
import type { Context } from './context';

/** the shop's own address: the sender of its mails and, by default, the only target of send-email */
export const SHOP_MAILBOX = 'klantenservice@papierwinkel.example';

/** HTML that is safe to put in a mail as it is: only `html` and `textToHtml` make one. */
export class MailHtml {
  private constructor(readonly html: string) {}
  /** @internal the template's own constructor */
  static trusted(html: string): MailHtml {
    return new MailHtml(html);
  }
}

const ENTITIES: ReadonlyMap<string, string> = new Map([['&', '&amp;'], ['<', '&lt;'], ['>', '&gt;'], ['"', '&quot;'], ["'", '&#39;']]);

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES.get(c) ?? c);
}

/**
 * The mail template: every value is escaped (text and attribute values alike) unless it is a MailHtml this module
 * made. A customer's name, a reset link or a visitor's message can therefore never add markup of its own.
 */
export function html(strings: TemplateStringsArray, ...values: ReadonlyArray<string | number | MailHtml>): MailHtml {
  let out = strings[0] ?? '';
  values.forEach((v, i) => {
    out += (v instanceof MailHtml ? v.html : escapeHtml(String(v))) + (strings[i + 1] ?? '');
  });
  return MailHtml.trusted(out);
}

/** Plain text as mail HTML: escaped, its line breaks kept as `<br>`. */
export function textToHtml(text: string): MailHtml {
  return MailHtml.trusted(escapeHtml(text).replace(/\r\n?|\n/g, '<br>'));
}

/**
 * The name a mail greets with, when it reads as one (at most 40 characters): registration verifies no address, so a
 * "first name" such as `Klik op www.evil.example` must not reach a stranger's mailbox.
 */
export function greetingName(firstname: string): string | undefined {
  const name = firstname.trim();
  // a dot only ends an initial ('J. R.'): 'evil.example' is no name
  return name.length <= 40 && /^\p{L}(?:[\p{L}\p{M}'’ -]|\.(?=\s|$))*$/u.test(name) ? name : undefined;
}

/** A subject is one line of plain text: control characters (a line break would start a header) become spaces. */
export function mailSubject(subject: string): string {
  return subject.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
}

/** Queue a mail in the outbox (the demo backend's mails table). */
export function queueMail(
  ctx: Pick<Context, 'db' | 'now'>, mail: { to: string; from: string; subject: string; body: MailHtml },
): void {
  ctx.db.prepare('INSERT INTO mails (to_address, from_address, subject, body, created_at) VALUES (?, ?, ?, ?, ?)')
    .run(mail.to, mail.from, mailSubject(mail.subject), mail.body.html, magentoDate(ctx.now()));
}
