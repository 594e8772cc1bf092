// reduce.mjs PACKAGE_DIR DATE reduces the price data bundled in the
// @pydantic/genai-prices package to the chat models, in the format of
// LiteLLM's model_prices_and_context_window.json that zsj usage --prices
// reads, and writes it on standard output with a "snapshot_info" entry
// naming its source. Prices stay exact: the catalogue's price per million
// tokens is written with its decimal point moved, never divided in floats.
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';

const [dir, date] = process.argv.slice(2);
const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
const providers = bundledProviders(fs.readFileSync(path.join(dir, 'dist', 'index.js'), 'utf8'));

// The package bundles its data as the first array literal of its module;
// the package exports no accessor for the whole of it. Check its shape so
// that a change of layout fails here, not in zsj.
function bundledProviders(src) {
  const start = src.indexOf('[');
  const end = src.indexOf('\n]', start);
  if (start < 0 || end < 0) throw new Error('no provider data in dist/index.js');
  const data = vm.runInNewContext('(' + src.slice(start, end + 2) + ')');
  if (!Array.isArray(data) || !data.every(p => typeof p.id === 'string' && Array.isArray(p.models))) {
    throw new Error('dist/index.js: the first array is not the provider list');
  }
  return data;
}

// matches evaluates the catalogue's name-matching rules.
function matches(rule, name) {
  if (!rule) return false;
  if (rule.or) return rule.or.some(r => matches(r, name));
  if (rule.and) return rule.and.every(r => matches(r, name));
  if ('equals' in rule) return name === rule.equals;
  if ('starts_with' in rule) return name.startsWith(rule.starts_with);
  if ('ends_with' in rule) return name.endsWith(rule.ends_with);
  if ('contains' in rule) return name.includes(rule.contains);
  if ('regex' in rule) return new RegExp(rule.regex).test(name);
  return false;
}

// aliases are the exact names a model's rule lists.
function aliases(rule, out = []) {
  if (!rule) return out;
  if ('equals' in rule) out.push(rule.equals);
  for (const r of rule.or || []) aliases(r, out);
  return out;
}

// current picks the prices in force on the snapshot's date: the last of a
// list of dated prices already started, never a time-of-day discount.
function current(prices) {
  if (!Array.isArray(prices)) return prices;
  let chosen;
  for (const p of prices) {
    const c = p.constraint;
    if (!c || c.type === 'start_date' && c.start_date.slice(0, 10) <= date) chosen = p.prices;
  }
  return chosen;
}

// perToken writes a price per million tokens as an exact JSON number per
// token. Tiered prices (above a context length) keep their base price.
// Twelve significant digits drop the noise of prices the catalogue
// computed in floating point (0.18000000000000002).
function perToken(v) {
  if (v && typeof v === 'object') v = v.base;
  if (typeof v !== 'number') return undefined;
  const [mantissa, exp = '0'] = String(Number(v.toPrecision(12))).split('e');
  return `${mantissa}e${Number(exp) - 6}`;
}

const fields = [
  ['input_cost_per_token', 'input_mtok'],
  ['output_cost_per_token', 'output_mtok'],
  ['cache_read_input_token_cost', 'cache_read_mtok'],
  ['cache_creation_input_token_cost', 'cache_write_mtok'],
  ['output_cost_per_reasoning_token', 'output_reasoning_mtok'],
];

const entries = new Map();
for (const provider of providers) {
  for (const model of provider.models) {
    const prices = current(model.prices);
    if (!prices || perToken(prices.input_mtok) === undefined || perToken(prices.output_mtok) === undefined) {
      continue; // not a chat model priced by the token
    }
    const cells = fields
      .filter(([, key]) => perToken(prices[key]) !== undefined)
      .map(([name, key]) => `"${name}": ${perToken(prices[key])}`);
    cells.push(`"litellm_provider": ${JSON.stringify(provider.id)}`, '"mode": "chat"');
    const value = `{${cells.join(', ')}}`;
    for (const name of new Set([model.id, ...aliases(model.match)])) {
      const qualified = `${provider.id}/${name}`;
      if (!entries.has(qualified)) entries.set(qualified, value);
      // A bare name belongs to the provider the catalogue says it is of.
      if (matches(provider.model_match, name) && !entries.has(name)) entries.set(name, value);
    }
  }
}

const info = {
  source: 'pydantic genai-prices, https://github.com/pydantic/genai-prices',
  package: pkg.name,
  version: pkg.version,
  license: `${pkg.license} (c) Pydantic Services Inc.; see LICENSE.genai-prices`,
  date,
  note: 'chat models only; prices per token in US dollars; tiered prices at their base tier',
};
const lines = [`  "snapshot_info": ${JSON.stringify(info)}`];
for (const name of [...entries.keys()].sort()) lines.push(`  ${JSON.stringify(name)}: ${entries.get(name)}`);
process.stdout.write('{\n' + lines.join(',\n') + '\n}\n');
