/**
 * One JSON schema per endpoint (body and query string), as vue-storefront-api keeps its models: the router validates
 * every request with ajv before its handler runs (a 400 naming the field). Objects admit unknown keys; declared ones
 * are typed and bounded.
 */
export type JsonSchema = Record<string, unknown>;

/** the shape of an e-mail address the shop accepts (the `email` format) */
export const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[a-zA-Z]{2,}$/;

// ---- building blocks ----------------------------------------------------------------------------------------------
/** a string of at most `max` characters; with `min`, at least that many and not only white space */
const str = (max: number, min = 0): JsonSchema =>
  ({ type: 'string', maxLength: max, ...(min ? { minLength: min, pattern: '\\S' } : {}) });
/** optional values may also be null (the storefront sends null for "not set") */
const opt = (s: JsonSchema): JsonSchema => ({ anyOf: [s, { type: 'null' }] });
const num = (min?: number, max?: number): JsonSchema => ({ type: 'number', ...(min !== undefined ? { minimum: min } : {}), ...(max !== undefined ? { maximum: max } : {}) });
/** A whole number from min to max, or a string holding one: the `whole` keyword (http.ts) makes it the number. */
const whole = (min: number, max = Number.MAX_SAFE_INTEGER): JsonSchema => ({ whole: [min, max] });
const id: JsonSchema = { anyOf: [{ type: 'number' }, { type: 'string', minLength: 1, maxLength: 100 }] };
const bool01: JsonSchema = { anyOf: [{ type: 'boolean' }, { enum: [0, 1] }] };
const arr = (items: JsonSchema, max: number, min = 0): JsonSchema => ({ type: 'array', items, maxItems: max, ...(min ? { minItems: min } : {}) });
const obj = (properties: Record<string, JsonSchema>, required: string[] = [], maxProperties = 100): JsonSchema => ({ type: 'object', properties, required, maxProperties });
/** a request with no body, or any JSON object (bodies some clients send to body-less POSTs) */
const noBody: JsonSchema = { anyOf: [{ type: 'null' }, { type: 'object', maxProperties: 50 }] };
/** query strings: declared parameters typed; any other parameter a bounded string */
const query = (properties: Record<string, JsonSchema>, required: string[] = []): JsonSchema =>
  ({ type: 'object', properties, required, additionalProperties: str(2000), maxProperties: 50 });
const email: JsonSchema = { type: 'string', maxLength: 255, format: 'email' };
const token = str(2000);
const cartQuery = query({ token, cartId: str(100, 1) }, ['cartId']);

const productOption = obj({
  extension_attributes: opt(obj({
    configurable_item_options: opt(arr(obj({ option_id: id, option_value: id, label: opt(str(255)), value: opt(str(255)) }, ['option_id', 'option_value']), 20)),
    bundle_options: opt(arr(obj({ option_id: id, option_qty: opt(whole(0, 10000)), option_selections: opt(arr(id, 50)) }, ['option_id']), 50)),
    custom_options: opt(arr(obj({ option_id: id, option_value: opt({ anyOf: [str(1000), num()] }) }, ['option_id']), 50)),
  })),
});

const address = obj({
  firstname: opt(str(255)), lastname: opt(str(255)), email: opt(email), country_id: opt(str(2, 2)), city: opt(str(255)), postcode: opt(str(20)),
  street: opt(arr(str(255), 4)), telephone: opt(str(50)), company: opt(str(255)), region: opt({ anyOf: [str(255), { type: 'object', maxProperties: 10 }] }), region_id: opt(id), region_code: opt(str(50)),
  vat_id: opt(str(50)), default_billing: opt(bool01), default_shipping: opt(bool01),
});

const customer = (required: string[]) => obj({
  email, firstname: str(255, 1), lastname: str(255, 1), addresses: opt(arr(address, 20)),
}, required);

const paymentBase = '/api/ext/vsf-payment-service-api';
const searchQuery = {
  size: str(6), from: str(6), sort: str(500), _source_include: str(2000), _source_exclude: str(2000),
  request_format: str(20), response_format: str(20),
};

/** GET routes that take no parameters: their query string is only bounded (any parameter a string of at most 2,000). */
const NO_INPUT = [
  'GET /api/ext/cms-data/cmsPage/:id', 'GET /api/ext/cms-data/cmsBlock/:id',
  'GET /api/ext/cms-data/cmsPageIdentifier/:identifier/storeId/:storeId',
  'GET /api/ext/cms-data/cmsBlockIdentifier/:identifier/storeId/:storeId',
  'GET /img/:width/:height/:action/:path*', 'GET /img/:path*',
  'GET /img/payment-logos/:name', 'GET /payment-logos/:name',
  `GET ${paymentBase}/payment-methods`, `GET ${paymentBase}/fetch-issuers`, 'GET /payment-simulator/:id',
  'GET /api/ext/mail-service/get-token', 'GET /api/ext/contact/getCategoryCollection',
  'GET /api/ext/feedback-company/getFeedbackReview', 'GET /api/ext/feedback-company/getFeedbackCompanyReview', 'GET /',
];

/** `METHOD path` exactly as the route is registered → its schemas. A route without an entry is refused at start-up. */
export const SCHEMAS: Record<string, { body?: JsonSchema; query?: JsonSchema }> = {
  ...Object.fromEntries(NO_INPUT.map((route) => [route, { query: query({}) }])),

  // catalogue
  'GET /api/catalog/:index/:type/_search': {
    query: query({ request: str(16_000), ...searchQuery, _source_includes: str(2000), _source_excludes: str(2000) }),
  },
  'POST /api/catalog/:index/:type/_search': {
    query: query(searchQuery),
    body: { anyOf: [{ type: 'null' }, { type: 'object', maxProperties: 20 }] },
  },
  'POST /api/url/map': {
    body: obj({ url: str(2000, 1), includeFields: opt(arr(str(200), 200)), excludeFields: opt(arr(str(200), 200)), filters: opt({ type: 'object' }), options: opt({ type: 'object' }) }, ['url']),
  },
  'GET /api/product/render-list': { query: query({ skus: str(5000, 1), currencyCode: str(3), storeId: str(6), token, userGroupId: str(20) }, ['skus']) },
  'GET /api/stock/check': { query: query({ sku: str(200, 1) }, ['sku']) },
  'GET /api/stock/list': { query: query({ skus: str(5000, 1) }, ['skus']) },

  // cart
  'POST /api/cart/create': { query: query({ token }), body: noBody },
  'GET /api/cart/pull': { query: cartQuery },
  'POST /api/cart/update': {
    query: cartQuery,
    body: obj({
      cartItem: obj({ sku: str(200, 1), qty: opt(whole(0, 10000)), quoteId: opt(id), item_id: opt(whole(1)), product_option: opt(productOption) }, ['sku']),
    }, ['cartItem']),
  },
  'POST /api/cart/delete': {
    query: cartQuery,
    body: obj({ cartItem: obj({ sku: opt(str(200)), item_id: whole(1), quoteId: opt(id) }, ['item_id']) }, ['cartItem']),
  },
  'GET /api/cart/totals': { query: cartQuery },
  'GET /api/cart/payment-methods': { query: cartQuery },
  'POST /api/cart/shipping-methods': { query: cartQuery, body: obj({ address: obj({ country_id: str(2, 2) }, ['country_id']) }, ['address']) },
  'POST /api/cart/shipping-information': {
    query: cartQuery,
    body: obj({
      addressInformation: obj({
        // the country decides the shipping: required and never null here
        shippingAddress: { ...address, properties: { ...(address['properties'] as object), country_id: str(2, 2) }, required: ['country_id'] },
        billingAddress: opt(address),
        shipping_method_code: str(100, 1), shipping_carrier_code: str(100, 1),
      }, ['shippingAddress', 'shipping_method_code', 'shipping_carrier_code']),
    }, ['addressInformation']),
  },
  'POST /api/cart/collect-totals': {
    query: cartQuery,
    body: obj({
      methods: obj({ paymentMethod: opt(obj({ method: str(100, 1), additional_data: opt({ type: 'object' }) }, ['method'])), shippingCarrierCode: opt(str(100)), shippingMethodCode: opt(str(100)) }),
    }, ['methods']),
  },
  'POST /api/cart/apply-coupon': { query: query({ token, cartId: str(100, 1), coupon: str(100) }, ['cartId']), body: noBody },
  'POST /api/cart/delete-coupon': { query: cartQuery, body: noBody },
  'GET /api/cart/coupon': { query: cartQuery },

  // users
  'POST /api/user/create': { body: obj({ customer: customer(['email', 'firstname', 'lastname']), password: str(256, 1) }, ['customer', 'password']) },
  'POST /api/user/login': { body: obj({ username: str(255, 1), password: str(256, 1) }, ['username', 'password']) },
  'POST /api/user/refresh': { body: obj({ refreshToken: str(2000, 1) }, ['refreshToken']) },
  'GET /api/user/me': { query: query({ token }) },
  'POST /api/user/me': { query: query({ token }), body: obj({ customer: customer([]) }, ['customer']) },
  'GET /api/user/order-history': { query: query({ token, pageSize: whole(1, 100), currentPage: whole(1, 100_000) }) },
  'POST /api/user/reset-password': { body: obj({ email }, ['email']) },
  'POST /api/user/create-password': { body: obj({ email, newPassword: str(256, 1), resetToken: str(200, 1) }, ['email', 'newPassword', 'resetToken']) },
  'POST /api/user/change-password': { query: query({ token }), body: obj({ currentPassword: str(256, 1), newPassword: str(256, 1) }, ['currentPassword', 'newPassword']) },

  // orders and payments
  'POST /api/order': {
    query: query({ token }),
    body: obj({
      user_id: opt({ anyOf: [str(20), num()] }), cart_id: opt(id), order_id: opt(str(100)),
      products: arr(obj({ sku: str(200, 1), qty: whole(1, 10000), product_option: opt(productOption) }, ['sku', 'qty']), 200, 1),
      addressInformation: obj({
        shippingAddress: opt(address), billingAddress: address, shipping_method_code: opt(str(100)), shipping_carrier_code: opt(str(100)),
        payment_method_code: str(100, 1), payment_method_additional: opt({ type: 'object', maxProperties: 50 }),
      }, ['billingAddress', 'payment_method_code']),
      comment: opt(str(5000)), transmited: opt(bool01), created_at: opt(str(64)), updated_at: opt(str(64)),
    }, ['products', 'addressInformation']),
  },
  [`POST ${paymentBase}/post-payment`]: {
    query: query({ token }),
    body: obj({
      currency: { enum: ['EUR'] }, order_id: id, description: opt(str(500)), redirectUrl: str(2000, 1), method: str(50, 1), issuer: opt(str(100)), order_token: opt(str(500, 1)),
    }, ['currency', 'order_id', 'redirectUrl', 'method']),
  },
  [`POST ${paymentBase}/order-comments`]: {
    query: query({ token }),
    body: obj({
      order_id: id, order_token: opt(str(500, 1)),
      status_history: obj({
        comment: str(5000, 1), created_at: opt(str(64)), is_customer_notified: opt(num(0, 1)), is_visible_on_front: opt(num(0, 1)), parent_id: opt(id),
        // a shopper's client may only say "waiting for payment" or "payment not created" (spec transactions §3
        // ORDER_COMMENT_STATUS): the PSP decides about paid
        status: opt({ enum: ['pending_payment', 'canceled'] }),
      }, ['comment']),
    }, ['order_id', 'status_history']),
  },
  [`POST ${paymentBase}/get-payment-status`]: { body: obj({ token: str(500, 1) }, ['token']) },
  'POST /payment-simulator/:id': { body: obj({ status: str(20, 1) }, ['status']) },

  // newsletter, mail, contact, reviews, feedback
  'GET /api/ext/mailchimp-subscribe/subscribe': { query: query({ email }, ['email']) },
  'POST /api/ext/mailchimp-subscribe/subscribe': { body: obj({ email }, ['email']) },
  'DELETE /api/ext/mailchimp-subscribe/subscribe': { body: obj({ email }, ['email']) },
  'POST /api/ext/mail-service/send-email': {
    body: obj({ sourceAddress: str(255, 1), targetAddress: str(255, 1), subject: str(500, 1), emailText: str(20_000, 1), confirmation: opt(bool01), token: str(100, 1) },
      ['sourceAddress', 'targetAddress', 'subject', 'emailText', 'token']),
  },
  'POST /api/ext/contact/send': {
    body: obj({ form: obj({ name: str(255, 1), email, message: str(10_000, 1), category: opt(str(100)), telephone: opt(str(50)) }, ['name', 'email', 'message']) }, ['form']),
  },
  'POST /api/review/create': {
    body: obj({
      review: obj({
        product_id: whole(1), title: str(255, 1), detail: str(5000, 1), nickname: str(128, 1), review_entity: opt({ enum: ['product'] }),
        review_status: opt(whole(1, 3)), customer_id: opt(whole(1)), ratings: opt(arr({ type: 'object', maxProperties: 10 }, 10)),
      }, ['product_id', 'title', 'detail', 'nickname']),
    }, ['review']),
  },

  // development routes
  'GET /__dev/outbox': { query: query({ to: str(255) }) },
};
