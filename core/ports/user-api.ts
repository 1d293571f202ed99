/** User calls (spec transactions §7 "Users"; docs/protocol.md "User"); logged-in calls take the user token. */
export interface CustomerAddress {
  firstname?: string;
  lastname?: string;
  street?: string[];
  city?: string;
  postcode?: string;
  country_id?: string;
  region?: unknown;
  region_id?: number | string;
  telephone?: string;
  company?: string;
  vat_id?: string;
  default_shipping?: boolean;
  default_billing?: boolean;
}

/** spec transactions §3 "current user": email, firstname, lastname, group_id, groupToken */
export interface Customer {
  id?: number | string;
  email: string;
  firstname: string;
  lastname: string;
  group_id?: number;
  groupToken?: string;
  addresses?: CustomerAddress[];
  [extra: string]: unknown;
}

/** The tokens a login or refresh returns (`result` + `meta.refreshToken`). */
export interface AuthTokens {
  token: string;
  refreshToken?: string;
}

/** spec transactions §3 "Order history item": entity_id, store_name, total_due (+ the fields the protocol adds) */
export interface OrderHistoryItem {
  entity_id: number | string;
  increment_id?: string;
  store_name?: string;
  total_due?: number;
  grand_total?: number;
  status?: string;
  created_at?: string;
  items?: unknown[];
  [extra: string]: unknown;
}

export interface OrderHistoryPage {
  items: OrderHistoryItem[];
  total_count: number;
}

export type NewCustomer = Pick<Customer, 'email' | 'firstname' | 'lastname' | 'addresses'>;

export interface UserApi {
  /** POST /api/user/login { username, password } */
  login(username: string, password: string): Promise<AuthTokens>;
  /** POST /api/user/create { customer, password } */
  register(customer: NewCustomer, password: string): Promise<Customer>;
  /** POST /api/user/reset-password { email } */
  resetPassword(email: string): Promise<void>;
  /** POST /api/user/create-password { email, newPassword, resetToken } */
  createPassword(email: string, newPassword: string, resetToken: string): Promise<void>;
  /** POST /api/user/change-password?token= { currentPassword, newPassword } */
  changePassword(token: string, currentPassword: string, newPassword: string): Promise<void>;
  /** GET /api/user/me?token= */
  me(token: string): Promise<Customer>;
  /** POST /api/user/me?token= { customer } (the session service queues this through the TaskQueue instead) */
  updateMe(token: string, customer: Customer): Promise<Customer>;
  /** GET /api/user/order-history?token=&pageSize=&currentPage= */
  orderHistory(token: string, pageSize: number, currentPage: number): Promise<OrderHistoryPage>;
  /** POST /api/user/refresh { refreshToken }: called directly, never through the queue */
  refresh(refreshToken: string): Promise<AuthTokens>;
}
