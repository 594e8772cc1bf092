package filters

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/itchyny/gojq"
)

// Options say what a filter does.
type Options struct {
	// Expr is the jq expression; "" means none: events selected by the
	// shortcuts (or all) are written as they are.
	Expr string
	// ExprFile names the file Expr was read from (-f), for error
	// positions; "" for an expression given on the command line.
	ExprFile string

	Vars       []Var           // $name variables, in command-line order
	Positional []any           // $ARGS.positional (--args, --jsonargs)
	Environ    func() []string // what $ENV and env see; nil: nothing

	RawInput  bool // -R: each line is a string, not JSON (with -s, all of the input)
	Stream    bool // --stream: each value is seen as its stream of [path, leaf] events
	NullInput bool // -n: run once with null; events come from input/inputs
	Slurp     bool // -s: run once with an array of all events
	Upgrade   bool // show version 1 events to the expression as version 2
	// Strict reads inputs as the protocol writes them: one JSON value a
	// line, in UTF-8. Otherwise they are read as jq reads them: any JSON
	// text, invalid UTF-8 as U+FFFD (with a warning).
	Strict bool
	// MaxProblems is how many lines that are not JSON are reported per
	// input (all are counted); 0 means no limit.
	MaxProblems int

	Select Selection
	Output Output

	// Workers evaluating events in parallel; 0 means one per CPU.
	Workers int
}

// Var is a named variable: --arg, --argjson, --slurpfile, --rawfile.
type Var struct {
	Name  string // without the $
	Value any
}

// Output is how results are written.
type Output struct {
	Layout
	Raw  bool // -r: strings without quotes
	Join bool // -j: strings without quotes, nothing after each result
	NUL  bool // --raw-output0: strings without quotes, NUL after each result
	Seq  bool // --seq: an ASCII RS (0x1e) before each result (RFC 7464)
}

// begin starts a result.
func (o Output) begin(b []byte) []byte {
	if o.Seq {
		return append(b, recordSeparator)
	}
	return b
}

// unbegin takes back begin, for a result that is not written after all.
func (o Output) unbegin(b []byte) []byte {
	if o.Seq {
		return b[:len(b)-1]
	}
	return b
}

// recordSeparator starts each JSON text of a JSON text sequence (--seq).
const recordSeparator = 0x1e

func (o Output) rawStrings() bool { return o.Raw || o.Join || o.NUL }

func (o Output) terminate(b []byte) []byte {
	switch {
	case o.NUL:
		return append(b, 0)
	case o.Join:
		return b
	}
	return append(b, '\n')
}

// Filter is an expression compiled with its options, ready to run.
type Filter struct {
	opts    Options
	query   *gojq.Query // nil without an expression
	plan    plan
	names   []string // variable names, $ included, in the order of values
	values  []any
	prelude *preludeLoader
	// readSize is the size of one read, fixed when the filter is made
	// (tests lower it: a run's reader may outlive the run).
	readSize int
}

// New parses and compiles the expression, so that mistakes in it are
// reported before any input is read. Errors are *CompileError.
func New(opts Options) (*Filter, error) {
	f := &Filter{opts: opts, readSize: readSize}
	prelude, err := newPreludeLoader()
	if err != nil {
		return nil, fmt.Errorf("the prelude does not parse: %w", err) // a bug
	}
	f.prelude = prelude
	f.setVars()
	if strings.TrimSpace(opts.Expr) != "" {
		q, err := gojq.Parse(withLoc(opts.Expr))
		if err != nil {
			return nil, newCompileError(opts, err)
		}
		f.query = q
	}
	f.plan = analyze(f.query)
	if f.query != nil {
		// Compile once now to report errors; workers compile their own
		// copies, bound to their own state.
		if _, err := f.compileFor(newWorker(f, false)); err != nil {
			return nil, newCompileError(opts, err)
		}
	}
	return f, nil
}

// setVars fixes the variables: each name once (the last value given
// wins, as in jq), then $ARGS.
func (f *Filter) setVars() {
	named := make(map[string]any, len(f.opts.Vars))
	index := map[string]int{}
	for _, v := range f.opts.Vars {
		named[v.Name] = v.Value
		if i, ok := index[v.Name]; ok {
			f.values[i] = v.Value
			continue
		}
		index[v.Name] = len(f.names)
		f.names = append(f.names, "$"+v.Name)
		f.values = append(f.values, v.Value)
	}
	positional := f.opts.Positional
	if positional == nil {
		positional = []any{}
	}
	f.names = append(f.names, "$ARGS")
	f.values = append(f.values, map[string]any{"positional": positional, "named": named})
}

// sequential reports whether events must be evaluated one after another,
// in one goroutine.
func (f *Filter) sequential() bool {
	return f.opts.NullInput || f.opts.Slurp || f.opts.RawInput || f.plan.usesInput || f.plan.lineNumbers ||
		f.opts.Select.stateful()
}

// compileFor compiles the expression for one worker: the functions zsj adds
// (input_filename, keys_unsorted, debug, ...) see that worker's state.
func (f *Filter) compileFor(w *worker) (*gojq.Code, error) {
	if f.query == nil {
		return nil, nil
	}
	environ := f.opts.Environ
	if environ == nil {
		environ = func() []string { return nil }
	}
	opts := []gojq.CompilerOption{
		gojq.WithModuleLoader(f.prelude),
		gojq.WithEnvironLoader(environ),
		gojq.WithVariables(f.names),
	}
	opts = append(opts, w.functions()...)
	if f.plan.usesInput {
		opts = append(opts, gojq.WithInputIter(w.inputs()))
	}
	return gojq.Compile(withKeyOrder(f.query), opts...)
}

// CompileError is an expression that does not parse or compile.
type CompileError struct {
	File   string // the -f file, or "" for the command line
	Expr   string
	Offset int // byte offset of the problem in Expr; -1 when not known
	Err    error
}

func (e *CompileError) Unwrap() error { return e.Err }

// Error names the problem and, when gojq knows where it is, shows the
// line of the expression with a caret under the spot.
func (e *CompileError) Error() string {
	what := "the expression"
	if e.File != "" {
		what = e.File
	}
	if e.Offset < 0 {
		return fmt.Sprintf("cannot compile %s: %v", what, e.Err)
	}
	line, col, text := position(e.Expr, e.Offset)
	var b strings.Builder
	fmt.Fprintf(&b, "cannot compile %s: %v (line %d, column %d)\n", what, e.Err, line, col)
	b.WriteString("    ")
	b.WriteString(text)
	b.WriteString("\n    ")
	for _, r := range []rune(text)[:col-1] {
		if r == '\t' {
			b.WriteByte('\t')
		} else {
			b.WriteByte(' ')
		}
	}
	b.WriteByte('^')
	return b.String()
}

func newCompileError(opts Options, err error) *CompileError {
	ce := &CompileError{File: opts.ExprFile, Expr: opts.Expr, Offset: -1, Err: err}
	if pe, ok := err.(*gojq.ParseError); ok {
		// Offset is where the parser stopped: after the bad token.
		ce.Offset = max(0, min(pe.Offset-len(pe.Token), len(opts.Expr)))
	}
	return ce
}

// position returns the 1-based line and column (in characters) of a byte
// offset, and the text of that line.
func position(expr string, offset int) (line, col int, text string) {
	before := expr[:offset]
	line = strings.Count(before, "\n") + 1
	start := strings.LastIndexByte(before, '\n') + 1
	end := strings.IndexByte(expr[start:], '\n')
	if end < 0 {
		end = len(expr) - start
	}
	text = strings.TrimRight(expr[start:start+end], "\r")
	col = utf8.RuneCountInString(before[start:]) + 1
	if n := utf8.RuneCountInString(text); col > n+1 {
		col = n + 1
	}
	return line, col, text
}
