import common from './nl-NL/common.json' with { type: 'json' };
import checkout from './nl-NL/checkout.json' with { type: 'json' };
import account from './nl-NL/account.json' with { type: 'json' };
import info from './nl-NL/info.json' with { type: 'json' };

/** Every text of nl-NL: its namespace files (ui/i18n/nl-NL/*.json) together, each keyed by its sections. */
export default { ...common, ...checkout, ...account, ...info };
