/** /api/ext/contact (spec transactions §7 "Contact"). */
export interface ContactForm {
  name: string;
  email: string;
  message: string;
  category?: string;
  [extra: string]: unknown;
}

export interface ContactCategory {
  id: string | number;
  name: string;
  [extra: string]: unknown;
}

export interface ContactApi {
  /** POST /api/ext/contact/send { form } */
  send(form: ContactForm): Promise<void>;
  /** GET /api/ext/contact/getCategoryCollection */
  categories(): Promise<ContactCategory[]>;
}
