// A small stream-json client, written the way an editor extension would
// talk to `zero exec`: spawn it, send input events on stdin, read events
// from stdout line by line. The tests run it against zsj's stand-in for
// Zero, so it only uses what the protocol document promises.

import { spawn } from 'node:child_process';

// runZero runs `zero exec` with args and the given input events (objects,
// written one per line) or raw input text. It resolves, never rejects,
// with everything a client can observe:
//   events   parsed output events, in order
//   bad      lines that were not JSON objects, with their 1-based number
//   partial  text after the last line end (a line cut short), or ''
//   stdout   the raw output, stderr the raw diagnostics
//   code     the exit code (null when a signal ended the process)
//   signal   the signal that ended it, e.g. 'SIGKILL', or null
export function runZero({ args = [], input = null, env = process.env, command = 'zero' } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, ['exec', ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    const result = { events: [], bad: [], partial: '', stdout: '', stderr: '', code: null, signal: null };
    let pending = '';
    let lineNo = 0;

    // setEncoding decodes UTF-8 across chunk boundaries: a write may end
    // in the middle of a character, and the next one finishes it.
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      result.stdout += chunk;
      pending += chunk;
      let nl;
      while ((nl = pending.indexOf('\n')) >= 0) {
        const line = pending.slice(0, nl).replace(/\r$/, '');
        pending = pending.slice(nl + 1);
        lineNo++;
        if (line.trim() === '') continue; // the protocol ignores empty lines
        try {
          const event = JSON.parse(line);
          if (event === null || typeof event !== 'object' || Array.isArray(event)) throw new Error('not an object');
          result.events.push(event);
        } catch (err) {
          result.bad.push({ line: lineNo, text: line });
        }
      }
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk) => { result.stderr += chunk; });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      result.partial = pending;
      result.code = code;
      result.signal = signal;
      resolve(result);
    });

    // A stand-in that refuses its command line may exit before reading.
    child.stdin.on('error', () => {});
    if (input === null) {
      child.stdin.end();
    } else if (typeof input === 'string') {
      child.stdin.end(input);
    } else {
      child.stdin.end(input.map((e) => JSON.stringify(e) + '\n').join(''));
    }
  });
}

// prompt and message make input events (version 2 unless told).
export function prompt(content, version = 2) {
  return { schemaVersion: version, type: 'prompt', content };
}

export function message(content, version = 2) {
  return { schemaVersion: version, type: 'message', role: 'user', content };
}

// runEnd returns the run's run_end event, or undefined when the stream
// stopped before it: a client must tell "finished" from "cut off".
export function runEnd(events) {
  const last = events[events.length - 1];
  return last && last.type === 'run_end' ? last : undefined;
}
