/**
 * Contact form (spec transactions §5 "any completed request counts as success"; §8 success 'Your comment was sent!'
 * and form cleared, failure 'Something went wrong. Try again in a few seconds.'; progress 'Sending the message ...').
 */
import { StateHolder } from '../state-holder';
import { MESSAGES, type MessageKey } from '../messages';
import type { ContactApi, ContactCategory, ContactForm } from '../ports/contact-api';
import type { Logger } from '../ports/logger';
import type { NotificationService } from '../ui-state/notification-service';
import type { ProgressService } from '../ui-state/progress-service';

export const EMPTY_CONTACT_FORM: ContactForm = { name: '', email: '', message: '' };

export interface ContactState {
  readonly form: ContactForm;
  readonly sending: boolean;
  readonly result: MessageKey | undefined;
  readonly categories: readonly ContactCategory[];
}

export class ContactService extends StateHolder<ContactState> {
  constructor(
    private readonly deps: { readonly api: ContactApi; readonly notifications: NotificationService; readonly progress?: ProgressService; readonly logger: Logger },
  ) {
    super({ form: EMPTY_CONTACT_FORM, sending: false, result: undefined, categories: [] });
  }

  async loadCategories(): Promise<void> {
    try {
      this.patch({ categories: await this.deps.api.categories() });
    } catch (e) {
      this.deps.logger.warn('contact categories not loaded', 'contact', e);
    }
  }

  /** Send the form; true on success (the form is then cleared). */
  async send(form: ContactForm = this.state.value.form): Promise<boolean> {
    this.patch({ form, sending: true, result: undefined });
    this.deps.progress?.start(MESSAGES.progressSendingMessage);
    try {
      await this.deps.api.send(form);
      this.deps.progress?.finish();
      this.deps.notifications.notify({ type: 'success', message: MESSAGES.contactSent });
      this.patch({ form: EMPTY_CONTACT_FORM, sending: false, result: MESSAGES.contactSent });
      return true;
    } catch (e) {
      this.deps.logger.warn('contact form not sent', 'contact', e);
      this.deps.progress?.fail();
      this.deps.notifications.notify({ type: 'danger', message: MESSAGES.contactFailed });
      this.patch({ sending: false, result: MESSAGES.contactFailed });
      return false;
    }
  }
}
