import common from './en-US/common.json' with { type: 'json' };
import checkout from './en-US/checkout.json' with { type: 'json' };
import account from './en-US/account.json' with { type: 'json' };
import info from './en-US/info.json' with { type: 'json' };

/** Every text of en-US: its namespace files (ui/i18n/en-US/*.json) together, each keyed by its sections. */
export default { ...common, ...checkout, ...account, ...info };
