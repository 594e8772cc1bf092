// A Node.js client against `zsj replay --shim`: the shimmed `zero exec`
// must look to a client exactly like Zero does. Run with
//   ZSJ_BIN=/path/to/zsj node --test testdata/node-client/
// (plain Node 20, no dependencies).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { runZero, prompt, message, runEnd } from './zero-client.mjs';

const zsj = process.env.ZSJ_BIN;
const fixture = (name) => fileURLToPath(new URL(`../${name}`, import.meta.url));
const fixtureEvents = (name) =>
  readFileSync(fixture(name), 'utf8').split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l));

let work;
before(() => {
  assert.ok(zsj, 'set ZSJ_BIN to a zsj binary, e.g. go build -o /tmp/zsj ./cmd/zsj');
  work = mkdtempSync(join(tmpdir(), 'zsj-node-client-'));
});
after(() => { if (work) rmSync(work, { recursive: true, force: true }); });

// shim writes a stand-in for zero into a fresh directory and returns the
// environment a client runs it with: that directory first on PATH.
let shims = 0;
function shim(fixtureName, ...replayArgs) {
  const dir = join(work, `bin${++shims}`);
  const out = execFileSync(zsj, ['replay', '--shim', dir, '--fixture', fixture(fixtureName), ...replayArgs], { encoding: 'utf8' });
  assert.equal(out.trim(), join(dir, 'zero'));
  return { ...process.env, PATH: dir + delimiter + process.env.PATH };
}

const streamJSON = ['--output-format', 'stream-json', '--input-format', 'stream-json'];
const thePrompt = [message('Inspect this repo.'), prompt('Return only blockers.')];
const promptText = 'Inspect this repo.\n\nReturn only blockers.';

test('reads every event, in order, and the exit code of a successful run', async () => {
  const env = shim('v2/run.jsonl', '--expect-prompt', promptText);
  const r = await runZero({ args: streamJSON, input: thePrompt, env });
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(r.events, fixtureEvents('v2/run.jsonl'));
  assert.deepEqual(r.bad, []);
  assert.equal(r.partial, '');
  assert.equal(r.events[0].type, 'run_start');
  assert.equal(runEnd(r.events).status, 'success');
  assert.ok(r.events.every((e) => e.schemaVersion === 2 && e.runId === r.events[0].runId));
});

test('a failed run: error event, run_end with status error, its exit code', async () => {
  const env = shim('v2/failed.jsonl');
  const r = await runZero({ args: streamJSON, input: thePrompt, env });
  assert.equal(r.code, 3);
  const error = r.events.find((e) => e.type === 'error');
  assert.equal(error.recoverable, false);
  assert.deepEqual(runEnd(r.events), { ...runEnd(r.events), status: 'error', exitCode: 3 });
});

test('the prompt is checked: input contents joined by a blank line', async () => {
  const env = shim('v2/run.jsonl', '--expect-prompt', promptText);
  const ok = await runZero({ args: streamJSON, input: '\n' + thePrompt.map((e) => JSON.stringify(e)).join('\n\n') + '\n', env });
  assert.equal(ok.code, 0, 'empty lines between input events are ignored');

  const wrong = await runZero({ args: streamJSON, input: [prompt('Return everything.')], env });
  assert.equal(wrong.code, 1);
  assert.deepEqual(wrong.events.map((e) => e.type), ['run_start', 'error', 'run_end']);
  assert.equal(wrong.events[1].code, 'unexpected_prompt');
  assert.equal(wrong.events[1].recoverable, false);
  assert.equal(runEnd(wrong.events).status, 'error');
  assert.equal(runEnd(wrong.events).exitCode, 1);
  assert.match(wrong.stderr, /differs from --expect-prompt/);

  const asArgument = await runZero({ args: ['--output-format', 'stream-json', promptText], env });
  assert.equal(asArgument.code, 0);
});

test('input Zero refuses: invalid_input naming the line, run_end error, non-zero exit', async () => {
  const env = shim('v2/run.jsonl');
  const cases = [
    { name: 'unknown field', lines: [prompt('ok'), { ...prompt('x'), model: 'gpt-5' }], line: 2, says: /unknown field "model"/ },
    { name: 'wrong schemaVersion', lines: [prompt('x', 1)], line: 1, says: /schemaVersion is 1, expected 2/ },
    { name: 'role other than user', lines: [{ ...message('x'), role: 'assistant' }], line: 1, says: /role/ },
    { name: 'empty content', lines: [prompt('ok'), message('ok'), prompt('')], line: 3, says: /content must not be empty/ },
    { name: 'not JSON', lines: 'Inspect this repo.\n', line: 1, says: /./ },
  ];
  for (const c of cases) {
    const r = await runZero({ args: streamJSON, input: c.lines, env });
    assert.notEqual(r.code, 0, c.name);
    assert.equal(r.code, 2, c.name);
    assert.deepEqual(r.events.map((e) => e.type), ['run_start', 'error', 'run_end'], c.name);
    const [start, error, end] = r.events;
    assert.equal(error.code, 'invalid_input', c.name);
    assert.match(error.message, new RegExp(`^input line ${c.line}: `), c.name);
    assert.match(error.message, c.says, c.name);
    assert.equal(error.runId, start.runId, c.name);
    assert.equal(end.status, 'error', c.name);
    assert.equal(end.exitCode, r.code, c.name);
  }
});

test('an unsupported output format is a usage error, with nothing on stdout', async () => {
  const env = shim('v2/run.jsonl');
  const r = await runZero({ args: ['--output-format', 'xml', 'hi'], env });
  assert.equal(r.code, 2);
  assert.equal(r.stdout, '');
  assert.match(r.stderr, /unsupported output format "xml"/);
});

test('what the client sent is captured byte for byte', async () => {
  const captured = join(work, 'sent.jsonl');
  const env = shim('v2/run.jsonl', '--capture-input', captured);
  const input = thePrompt.map((e) => JSON.stringify(e) + '\n').join('');
  const r = await runZero({ args: streamJSON, input, env });
  assert.equal(r.code, 0);
  assert.equal(readFileSync(captured, 'utf8'), input);
});

test('split writes: every event still arrives whole, in order, UTF-8 intact', async () => {
  const unicode = join(work, 'unicode.jsonl');
  const text = 'héllo wörld — ✓ 日本語 🚀'.repeat(20);
  writeFileSync(unicode, [
    { schemaVersion: 2, type: 'run_start', runId: 'run_u', cwd: '/repo', provider: 'p', model: 'm' },
    { schemaVersion: 2, type: 'text', runId: 'run_u', delta: text },
    { schemaVersion: 2, type: 'final', runId: 'run_u', text },
    { schemaVersion: 2, type: 'run_end', runId: 'run_u', status: 'success', exitCode: 0 },
  ].map((e) => JSON.stringify(e) + '\n').join(''));
  for (const seed of ['1', '2', '3']) {
    const dir = join(work, `split${seed}`);
    execFileSync(zsj, ['replay', '--shim', dir, '--fixture', unicode, '--fault', 'split-writes', '--seed', seed]);
    const r = await runZero({ args: streamJSON, input: thePrompt, env: { ...process.env, PATH: dir + delimiter + process.env.PATH } });
    assert.equal(r.code, 0);
    assert.deepEqual(r.bad, []);
    assert.equal(r.events[1].delta, text);
    assert.equal(runEnd(r.events).status, 'success');
  }
});

test('a stream that stops early is told apart from a finished one', async () => {
  const truncated = await runZero({ args: streamJSON, input: thePrompt, env: shim('v2/run.jsonl', '--fault', 'truncate-after=5') });
  assert.equal(truncated.events.length, 5);
  assert.equal(runEnd(truncated.events), undefined);

  const cut = await runZero({ args: streamJSON, input: thePrompt, env: shim('v2/run.jsonl', '--fault', 'cut-line=3') });
  assert.equal(cut.events.length, 2);
  assert.notEqual(cut.partial, '');
  assert.throws(() => JSON.parse(cut.partial));

  const crashed = await runZero({ args: streamJSON, input: thePrompt, env: shim('v2/run.jsonl', '--fault', 'crash=4:KILL') });
  assert.equal(crashed.signal, 'SIGKILL');
  assert.equal(crashed.code, null);
  assert.equal(crashed.events.length, 3);

  const garbage = await runZero({ args: streamJSON, input: thePrompt, env: shim('v2/run.jsonl', '--fault', 'garbage-at=2', '--fault', 'stderr-noise') });
  assert.equal(garbage.bad.length, 1);
  assert.equal(garbage.bad[0].line, 2);
  assert.equal(garbage.events.length, fixtureEvents('v2/run.jsonl').length);
  assert.notEqual(garbage.stderr, '');

  const exited = await runZero({ args: streamJSON, input: thePrompt, env: shim('v2/run.jsonl', '--fault', 'exit=7') });
  assert.equal(exited.code, 7);
  assert.equal(runEnd(exited.events).exitCode, 0, 'the stream says 0, the process says 7');
});

test('one fixture serves an old client: --as-version 1 and fresh ids', async () => {
  const env = shim('v2/run.jsonl', '--as-version', '1', '--fresh-ids');
  const r = await runZero({ args: streamJSON, input: thePrompt.map((e) => ({ ...e, schemaVersion: 1 })), env });
  assert.equal(r.code, 0, r.stderr);
  const v2 = fixtureEvents('v2/run.jsonl');
  assert.ok(r.events.every((e) => e.schemaVersion === 1));
  assert.ok(r.events.some((e) => 'violation' in e) && !r.events.some((e) => 'block' in e));
  const ids = new Set(r.events.map((e) => e.runId));
  assert.equal(ids.size, 1);
  assert.notEqual(r.events[0].runId, v2[0].runId);
  assert.match(r.events[0].runId, /^run_\d{8}_[a-z]{3}\d{3}$/);
});
