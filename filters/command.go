package filters

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/zsj-dev/zsj/internal/exitcode"
	"github.com/zsj-dev/zsj/internal/input"
	"github.com/zsj-dev/zsj/internal/term"
)

// Command is zsj filter's command line, spelled as jq spells it: the
// flags, the two-value flags and --args/--jsonargs (taken out before
// flag parsing by TakeNamedArgs), then Run on the arguments left.
type Command struct {
	Raw, Join, Raw0, ASCII, Compact, Tab, SortKeys bool
	Indent                                         int // -1 until --indent is given
	Slurp, NullInput, ExitStatus                   bool
	RawInput, Stream, Seq                          bool
	FromFile                                       string
	Select                                         Selection
	Upgrade                                        bool
	Strict                                         bool
	MaxProblems                                    int

	// Colored is the decision on color, made once for the process.
	Colored bool
	// OutTTY: standard output is a terminal, where values are indented.
	OutTTY bool
	// Getenv reads JQ_COLORS.
	Getenv func(string) string

	Stdin          io.Reader
	Stdout, Stderr io.Writer

	vars     []namedArg // --arg and friends
	argsMode string     // "", "--args" or "--jsonargs"
}

// namedArg is one of jq's two-value flags: --arg NAME VALUE.
type namedArg struct{ flag, name, value string }

// twoValueFlags take two arguments each, which a flag parser of one
// value per flag cannot read.
var twoValueFlags = map[string]bool{"--arg": true, "--argjson": true, "--slurpfile": true, "--rawfile": true}

// TakeNamedArgs removes jq's two-value flags and --args/--jsonargs from
// the command line, keeping everything after "--" as it is, and returns
// the rest for the flag parser.
func (c *Command) TakeNamedArgs(raw []string) ([]string, error) {
	var rest []string
	for i := 0; i < len(raw); i++ {
		arg := raw[i]
		switch {
		case arg == "--":
			return append(rest, raw[i:]...), nil
		case twoValueFlags[arg]:
			if i+2 >= len(raw) {
				return nil, fmt.Errorf("%s takes two arguments: %s NAME VALUE", arg, arg)
			}
			c.vars = append(c.vars, namedArg{arg, raw[i+1], raw[i+2]})
			i += 2
		case arg == "--args" || arg == "--jsonargs":
			c.argsMode = arg
		case len(arg) > 1 && arg[0] == '-' && !optionLike(arg) && !(i > 0 && takesValue(raw[i-1])):
			// "-1 | abs" is an expression to jq, not flags: marked so
			// that the flag parser leaves it to the arguments.
			rest = append(rest, notFlag+arg)
		default:
			rest = append(rest, arg)
		}
	}
	return rest, nil
}

// notFlag marks an argument that starts with "-" and is not a flag; Run
// takes the mark off.
const notFlag = "\x00"

// takesValue reports whether a flag takes the next argument as its value.
func takesValue(flag string) bool {
	switch flag {
	case "--indent", "--from-file", "--type", "--run", "--id", "--tool", "--max-problems", "--color":
		return true
	}
	// -f, alone or last of bundled short flags (-nf FILE).
	return len(flag) > 1 && flag[0] == '-' && flag[1] != '-' && flag[len(flag)-1] == 'f'
}

// optionLike reports whether an argument that starts with "-" is a flag,
// as jq 1.6 tells: "--" or a letter follows the dash.
func optionLike(arg string) bool {
	c := arg[1]
	return c == '-' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// Run is zsj filter on the arguments left after the flags: the
// expression (unless -f gave it, or a shortcut makes it optional) and
// the inputs. It returns the exit status as an error, with jq's codes.
func (c *Command) Run(args []string) error {
	for i, arg := range args {
		args[i] = strings.TrimPrefix(arg, notFlag)
	}
	opts, args, err := c.options(args)
	if err != nil {
		return err
	}
	filter, err := New(opts)
	if err != nil {
		var ce *CompileError
		if errors.As(err, &ce) {
			return exitcode.New(ExitCompile, err)
		}
		return err
	}
	// Standard input named twice is refused before anything is written.
	sources, openErrs, err := input.ExpandArgs(args)
	if err != nil {
		return exitcode.New(exitcode.Usage, err)
	}
	report := func(err error) { term.PrintError(c.Stderr, err) }
	for _, err := range openErrs {
		report(err)
	}
	res, err := filter.Run(sources, IO{Stdin: c.Stdin, Stdout: c.Stdout, Stderr: c.Stderr, Report: report})
	if err != nil {
		return err
	}
	res.Unreadable += len(openErrs)
	if code := res.ExitCode(c.ExitStatus); code != exitcode.OK {
		return exitcode.Silent(code)
	}
	return nil
}

// options checks the flags and turns them into the filter's options; it
// returns the arguments left for inputs.
func (c *Command) options(args []string) (Options, []string, error) {
	var fo Options
	var err error
	if fo.Vars, err = namedVars(c.vars); err != nil {
		return fo, nil, err
	}
	expr, exprFile, args, err := c.splitExpr(args, fo.Vars)
	if err != nil {
		return fo, nil, err
	}
	fo.Expr, fo.ExprFile = expr, exprFile
	if c.argsMode != "" {
		for _, arg := range args {
			v := any(arg)
			if c.argsMode == "--jsonargs" {
				if v, err = DecodeJSON([]byte(arg)); err != nil {
					return fo, nil, exitcode.New(exitcode.Usage, fmt.Errorf("--jsonargs: %q is not JSON: %w", arg, err))
				}
			}
			fo.Positional = append(fo.Positional, v)
		}
		args = nil // inputs come from stdin
	}
	fo.Environ = os.Environ
	fo.NullInput, fo.Slurp, fo.Upgrade, fo.Select = c.NullInput, c.Slurp, c.Upgrade, c.Select
	fo.Strict, fo.MaxProblems = c.Strict, c.MaxProblems
	fo.RawInput, fo.Stream = c.RawInput, c.Stream
	if c.RawInput && (c.Select.Active() || c.Upgrade || c.Stream) {
		return fo, nil, exitcode.New(exitcode.Usage, errors.New("-R reads lines as strings: the shortcuts, --upgrade and --stream need JSON"))
	}
	fo.Output = Output{Raw: c.Raw, Join: c.Join, NUL: c.Raw0, Seq: c.Seq}
	fo.Output.Layout = c.layout()
	return fo, args, nil
}

// splitExpr takes the expression from -f or from the first argument, as
// jq does. With a shortcut the expression is optional: a first argument
// that does not compile as an expression is then the first input. What
// exists on disk never decides: "." is the expression, not a folder.
func (c *Command) splitExpr(args []string, vars []Var) (expr, file string, rest []string, err error) {
	if c.FromFile != "" {
		text, err := os.ReadFile(c.FromFile)
		if err != nil {
			return "", "", nil, exitcode.New(ExitInput, err)
		}
		return string(text), c.FromFile, args, nil
	}
	if len(args) == 0 {
		if c.Select.Active() {
			return "", "", nil, nil
		}
		return ".", "", nil, nil
	}
	if c.Select.Active() && !compiles(args[0], vars) {
		return "", "", args, nil
	}
	return args[0], "", args[1:], nil
}

// compiles reports whether expr is an expression zsj filter can run,
// with the variables given on the command line.
func compiles(expr string, vars []Var) bool {
	if strings.TrimSpace(expr) == "" {
		return false
	}
	_, err := New(Options{Expr: expr, Vars: vars})
	return err == nil
}

func namedVars(args []namedArg) ([]Var, error) {
	var vars []Var
	for _, na := range args {
		var v any
		switch na.flag {
		case "--arg":
			v = na.value
		case "--argjson":
			var err error
			if v, err = DecodeJSON([]byte(na.value)); err != nil {
				return nil, exitcode.New(exitcode.Usage, fmt.Errorf("--argjson %s: the value is not JSON: %w", na.name, err))
			}
		case "--slurpfile", "--rawfile":
			data, err := os.ReadFile(na.value)
			if err != nil {
				return nil, exitcode.New(ExitInput, fmt.Errorf("%s %s: %w", na.flag, na.name, err))
			}
			v = string(data)
			if na.flag == "--slurpfile" {
				if v, err = DecodeJSONSeq(data); err != nil {
					return nil, exitcode.New(ExitInput, fmt.Errorf("--slurpfile %s: %s: %w", na.name, na.value, err))
				}
			}
		}
		vars = append(vars, Var{Name: na.name, Value: v})
	}
	return vars, nil
}

// layout decides indentation and colors: -c, --tab and --indent say; by
// default values are indented on a terminal, one per line otherwise.
func (c *Command) layout() Layout {
	l := Layout{ASCII: c.ASCII, SortKeys: c.SortKeys}
	switch {
	case c.Compact:
	case c.Tab:
		l.Tab = true
	case c.Indent >= 0:
		l.Indent = c.Indent
	case c.OutTTY:
		l.Indent = 2
	}
	if c.Colored {
		p, err := NewPalette(c.Getenv("JQ_COLORS"))
		if err != nil {
			fmt.Fprintf(c.Stderr, "zsj: warning: %v; using the default colors\n", err)
			p, _ = NewPalette("")
		}
		l.Colors = p
	}
	return l
}
