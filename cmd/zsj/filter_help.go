package main

import (
	"fmt"
	"strings"

	"github.com/zsj-dev/zsj/filters"
)

// filterHelp is the long help of zsj filter: what it adds to jq, the
// shortcuts, the Zero helpers with an example each, how it differs from
// jq, and the exit codes.
func filterHelp() string {
	var b strings.Builder
	b.WriteString(`Filter runs a jq expression (the gojq library) over each event of the logs,
as jq does over a stream of JSON values, with jq's flags (-r, -j, -a, -c,
-S, -s, -n, -e, -R, --stream, --seq, --raw-output0, -f, --arg and the
like, --args, --jsonargs) and exit codes.
Results are indented on a terminal and written one per line otherwise.

Events that come out unchanged ('.', 'select(...)') are written from their
own bytes, so key order, big numbers, number spelling and escapes survive.
Objects an expression builds keep jq's key order: keys as written, a key
set anew last; to_entries, keys_unsorted, .[], paths, tostream, tojson
and @json follow it.

Shortcuts select events without jq and write them as they are:
  --type T      events of type T (repeat the flag, or T1,T2)
  --run ID      events of the run ID
  --id ID       one tool call: its call, permission events and result
  --tool NAME   calls of tool NAME, their permission events and results
  --blocked     events with sandbox metadata (block; violation in v1)
  --failed      error events, tool results and runs with status "error"
Different shortcuts must all match. Given an EXPR too, they pick the events
the expression sees. Shortcuts look at the structure of a line and its
top-level fields only; 'zsj validate' checks the rest. As in jq, the
first argument is EXPR; with a shortcut, a first argument that does not
compile as an expression ("-", logs/, run.jsonl) is the first input.
What exists on disk never decides: '.' is EXPR.

Inputs are read as jq reads them: any JSON text. One value a line is the
fast path; from a line that is only part of the text (pretty-printed JSON,
two values on a line) the rest of that input is read as a stream. Invalid
UTF-8 is read as U+FFFD, with a warning naming the file and line. --strict
reads inputs as the protocol writes them instead: one value a line, in
UTF-8, anything else reported. At most --max-problems lines that are not
JSON are reported per input (all are counted).

--upgrade shows version 1 events to the expression (and the shortcuts) as
version 2: violation renamed block, schemaVersion 2. One query then works
on old and new logs.

Zero helpers, defined for every expression (a definition of the same name
in EXPR replaces one):
`)
	for _, h := range filters.Prelude {
		fmt.Fprintf(&b, "  %-13s %s\n  %-13s   %s\n", h.Call, h.Doc, "", h.Example)
	}
	b.WriteString(`
Differences from jq 1.6, mostly gojq's: integers are exact (no rounding
beyond 2^53); @csv and @tsv write numbers as gojq
does; regular expressions are Go's (RE2); -r with -a writes no quotes
(jq 1.7); a failed event exits 5 even when a later one succeeds (jq 1.7);
stderr writes compact JSON (jq 1.6); -S keeps numbers as written.
docs/jq.md lists every difference the comparison with jq 1.6 finds.

Exit status, as jq: 0 ok; 1 with -e, the last result was false or null;
2 usage error, an unreadable input, or a line that is not JSON; 3 EXPR does
not compile; 4 with -e, no result at all; 5 an event failed (the others are
still evaluated); halt_error sets its own.`)
	return b.String()
}
