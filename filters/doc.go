// Package filters runs jq expressions over the events of Zero stream-json
// logs, with the gojq library, and selects events by their top-level
// fields without jq at all (the shortcuts of zsj filter).
//
// It does not check events against the protocol (zsj validate does): to a
// filter an event is whatever JSON object a line holds.
//
// # What zsj adds to gojq
//
// Key order. gojq keeps objects in Go maps and writes keys sorted; jq
// keeps insertion order, and so does zsj. The decoder records each
// object's keys in input order and its bytes: an object that comes out
// unchanged (found by map identity) is written from its bytes, so big
// integers, number spelling and escapes survive. Before gojq compiles an
// expression, zsj rewrites it (order_rewrite.go): object constructions,
// + and * of objects, x[] and the assignments go through Go functions
// that build the maps and record their key order as jq would have it
// (keys as written; a merged or set key keeps its place, a new one comes
// last). The builtins that build or walk objects (to_entries,
// from_entries, with_entries, add, map, map_values, walk, paths,
// tostream, fromstream, del, setpath, delpaths, tojson, tostring, the @
// formats, fromjson, match, capture, env) are redefined in key order in
// the prelude; keys_unsorted, .[], .., $ARGS and $ENV follow the same
// order. An object none of this recorded (one gojq builds inside another
// builtin) follows the key order of the input object it shares most keys
// with, then the event's other keys; keys the input never had come last,
// sorted. keys is sorted, as in jq. Functions named _zsj_... and
// variables named $__zsj_... are zsj's own.
//
// Speed. Events are decoded by a hand-written decoder straight into the
// values gojq works on, checking each line as it goes. An expression that
// starts with select on .type (select(.type == "usage"), tool_calls, ...)
// gets a gate: lines of other types are checked but never decoded, and
// when the expression is nothing but the select, matching lines are
// written without decoding either. Shortcuts look only at the structure of
// a line and its top-level fields. Evaluation runs on all cores, on chunks
// of lines, with results written in input order; expressions that read
// other events (input, inputs, -n, -s), -R, input_line_number and --tool run
// in one goroutine.
//
// # Differences from jq 1.6
//
// The differential test in cmd/zsj (filter_jq_test.go) compares zsj filter
// with jq on the same inputs and lists these as its exceptions.
//
//   - Numbers: integers are exact (gojq computes with big integers), so a
//     large integer prints in full where jq 1.6 rounds it to a double.
//     Other numbers print as jq 1.6 prints them (1e+17, 1e-05,
//     1.7976931348623157e+308 for infinity), in tojson, tostring and @text
//     too, except inside @csv and @tsv, which write 1e20 as gojq
//     does. A -0 literal in an expression is 0 (gojq); -0 in the input stays.
//   - Unchanged events keep their bytes: jq would write 1.0 as 1, "\u00e9"
//     as "é" and drop spaces. With -S (sort keys) their keys are sorted and
//     their numbers and strings still kept as written.
//   - Builtins gojq does not have: get_search_list,
//     get_jq_origin, get_prog_origin, lgamma_r; no modules (import,
//     include, -L). zsj adds the jq 1.6 builtins keys_unsorted,
//     input_line_number, input_filename, leaf_paths, recurse_down, pow10
//     and scalars_or_empty, and gojq brings some of jq 1.7 (abs, trim,
//     pick, toboolean, ...).
//   - Where jq 1.6 returns its input unchanged on a wrong argument type
//     (ltrimstr(1), rtrimstr(1)), gojq fails.
//   - @uri escapes !*'() as well (gojq); jq 1.6 keeps them.
//   - Regular expressions are Go's (RE2): no backreferences or
//     look-around.
//   - Error messages are gojq's.
//   - Exit status: an event that failed makes the exit status 5 even when
//     later ones succeed (jq 1.7); jq 1.6 exits with the status of the
//     last input.
//   - -r with -a writes escaped strings without quotes (jq 1.7); stderr
//     writes compact JSON without a newline (jq 1.6), debug writes
//     ["DEBUG:",value] on a line.
//   - Input is any JSON text, as jq reads it; one value per line is the
//     fast path, and from a line that is only part of the text the rest of
//     that input is read as a stream. Text that is not JSON is reported
//     with its file and line (at most --max-problems lines per input) and
//     skipped: reading goes on at the next line, and the exit status is 2
//     (jq stops at the first). Invalid UTF-8 is read as U+FFFD, as jq reads
//     it, with a warning. --strict reads one value per line, in UTF-8, as
//     the protocol has it. Of duplicate keys the last wins, as in jq ('zsj
//     validate' reports them).
//   - Results are indented only on a terminal; elsewhere one per line, as
//     with -c (jq indents unless -c).
//   - Not supported: -L, --unbuffered (output is written as it is ready
//     anyway).
package filters
