package filters

import (
	"bytes"
	"strings"
	"testing"

	"github.com/zsj-dev/zsj/internal/input"
)

// runFilter runs a filter over stdin and returns what it wrote, what it
// reported, and its result.
func runFilter(t *testing.T, opts Options, stdin string) (stdout, stderr string, res Result) {
	t.Helper()
	f, err := New(opts)
	if err != nil {
		t.Fatalf("New(%q): %v", opts.Expr, err)
	}
	return run(t, f, stdin)
}

// runFilterNoPath is runFilter with the path lookup turned off: gojq
// evaluates every line.
func runFilterNoPath(t *testing.T, opts Options, stdin string) (stdout, stderr string, res Result) {
	t.Helper()
	f, err := New(opts)
	if err != nil {
		t.Fatalf("New(%q): %v", opts.Expr, err)
	}
	f.plan.path = nil
	return run(t, f, stdin)
}

func run(t *testing.T, f *Filter, stdin string) (stdout, stderr string, res Result) {
	t.Helper()
	var out, errOut bytes.Buffer
	res, err := f.Run([]input.Source{{Name: input.StdinName, Explicit: true}}, IO{
		Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errOut,
		Report: func(err error) { errOut.WriteString("zsj: error: " + err.Error() + "\n") },
	})
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	return out.String(), errOut.String(), res
}

// runExpr runs an expression and returns its output; problems fail the
// test.
func runExpr(t *testing.T, opts Options, stdin string) string {
	t.Helper()
	out, errOut, res := runFilter(t, opts, stdin)
	if errOut != "" || res.ExitCode(false) != ExitOK {
		t.Fatalf("%s: exit %d, stderr %q", opts.Expr, res.ExitCode(false), errOut)
	}
	return out
}
