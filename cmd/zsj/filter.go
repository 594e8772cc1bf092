package main

import (
	"errors"
	"fmt"
	"os"
	"runtime/debug"
	"strconv"

	"github.com/spf13/cobra"

	"github.com/zsj-dev/zsj/filters"
	"github.com/zsj-dev/zsj/internal/exitcode"
	"github.com/zsj-dev/zsj/internal/input"
	"github.com/zsj-dev/zsj/internal/term"
)

func init() { register(newFilterCmd) }

type filterOptions struct {
	raw, join, raw0, ascii, compact, tab, sortKeys bool
	indent                                         int
	slurp, nullInput, exitStatus                   bool
	colorOutput, monochrome                        bool
	fromFile                                       string
	sel                                            filters.Selection
	upgrade                                        bool

	vars     []namedArg // --arg and friends, taken before flag parsing
	argsMode string     // "", "--args" or "--jsonargs"
}

// namedArg is one of jq's two-value flags: --arg NAME VALUE.
type namedArg struct{ flag, name, value string }

// twoValueFlags take two arguments each, which cobra cannot parse; they
// are taken out of the command line before it sees the rest.
var twoValueFlags = map[string]bool{"--arg": true, "--argjson": true, "--slurpfile": true, "--rawfile": true}

func newFilterCmd(a *app) *cobra.Command {
	opts := filterOptions{indent: -1}
	cmd := &cobra.Command{
		Use:   "filter [EXPR] [PATH...]",
		Short: "Run a jq expression over each event, or select events with shortcuts",
		Long:  filterHelp(),
		Example: `  zsj filter -c 'select(.type == "usage")' run.jsonl
  zsj filter --type tool_call,tool_result --run run_20260603_abc123 logs/
  zsj filter --tool bash -c '{type, id, status}' run.jsonl
  zsj filter -r 'tool_calls | .name' run.jsonl | sort | uniq -c
  zsj filter --upgrade -c 'blocked | sandbox.code' old/ new/
  zsj filter -s 'map(tokens) | add' run.jsonl
  zsj filter -n --arg id call_1 '[inputs | select(.id == $id)] | length' run.jsonl`,
		// jq's --arg NAME VALUE takes two values, which pflag cannot
		// express: RunE sorts the command line out itself.
		DisableFlagParsing: true,
		RunE: func(cmd *cobra.Command, raw []string) error {
			rest, err := takeNamedArgs(raw, &opts)
			if err != nil {
				return usageError(err)
			}
			cmd.DisableFlagParsing = false
			if err := cmd.ParseFlags(rest); err != nil {
				return usageError(err)
			}
			if help, _ := cmd.Flags().GetBool("help"); help {
				return cmd.Help()
			}
			mode, err := term.ParseColorMode(a.colorFlag)
			if err != nil {
				return usageError(err)
			}
			a.io.DecideColor(mode)
			// Decoding events makes much short-lived garbage while the
			// live heap stays a few chunks: collecting a quarter as
			// often cut CPU time by about 40% on chatty logs. GOGC, when
			// set, still decides.
			if os.Getenv("GOGC") == "" {
				debug.SetGCPercent(400)
			}
			return runFilter(a, cmd.Flags().Args(), opts)
		},
	}
	f := cmd.Flags()
	f.BoolVarP(&opts.raw, "raw-output", "r", false, "write strings without quotes")
	f.BoolVarP(&opts.join, "join-output", "j", false, "like -r, and write nothing after each result")
	f.BoolVar(&opts.raw0, "raw-output0", false, "like -r, and write a NUL after each result")
	f.BoolVarP(&opts.ascii, "ascii-output", "a", false, "write non-ASCII characters as \\uXXXX escapes")
	f.BoolVarP(&opts.compact, "compact-output", "c", false, "write each result on one line (the default when not on a terminal)")
	f.BoolVar(&opts.tab, "tab", false, "indent with tabs")
	f.Var((*indentFlag)(&opts.indent), "indent", "indent with `N` spaces (0 to 7; 0 is -c); default 2 on a terminal")
	f.BoolVarP(&opts.sortKeys, "sort-keys", "S", false, "write object keys sorted (events are then re-encoded)")
	f.BoolVarP(&opts.slurp, "slurp", "s", false, "run the expression once, on an array of all events")
	f.BoolVarP(&opts.nullInput, "null-input", "n", false, "run the expression once, on null; read events with input and inputs")
	f.BoolVarP(&opts.exitStatus, "exit-status", "e", false, "exit 1 if the last result is false or null, 4 if there is none")
	f.BoolVarP(&opts.colorOutput, "color-output", "C", false, "color the output even when it is not a terminal")
	f.BoolVarP(&opts.monochrome, "monochrome-output", "M", false, "never color the output")
	f.StringVarP(&opts.fromFile, "from-file", "f", "", "read the expression from `FILE`; all arguments are inputs")
	f.StringSliceVar(&opts.sel.Types, "type", nil, "shortcut: events of type `T` (repeat, or T1,T2)")
	f.StringSliceVar(&opts.sel.Runs, "run", nil, "shortcut: events of the run with this `ID`")
	f.StringSliceVar(&opts.sel.IDs, "id", nil, "shortcut: the tool call with this `ID`: call, permission events, result")
	f.StringSliceVar(&opts.sel.Tools, "tool", nil, "shortcut: calls of the tool `NAME`, their permission events and results")
	f.BoolVar(&opts.sel.Blocked, "blocked", false, "shortcut: events with sandbox metadata (block, or violation in v1)")
	f.BoolVar(&opts.sel.Failed, "failed", false, `shortcut: error events, and tool results and runs with status "error"`)
	f.BoolVar(&opts.upgrade, "upgrade", false, "show version 1 events as version 2 (violation as block, schemaVersion 2)")
	// Listed for the help text; takeNamedArgs consumes them.
	f.Var(helpOnly("NAME VALUE"), "arg", "set $NAME to the string VALUE")
	f.Var(helpOnly("NAME JSON"), "argjson", "set $NAME to the JSON value")
	f.Var(helpOnly("NAME FILE"), "slurpfile", "set $NAME to an array of the JSON values in FILE")
	f.Var(helpOnly("NAME FILE"), "rawfile", "set $NAME to the text of FILE")
	f.Bool("args", false, "arguments after EXPR are strings for $ARGS.positional, not inputs")
	f.Bool("jsonargs", false, "arguments after EXPR are JSON values for $ARGS.positional, not inputs")
	return cmd
}

// indentFlag is --indent: -1 until given, so the default can depend on
// the terminal.
type indentFlag int

func (i *indentFlag) String() string {
	if *i < 0 {
		return ""
	}
	return strconv.Itoa(int(*i))
}

func (i *indentFlag) Set(s string) error {
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 || n > 7 {
		return errors.New("must be 0 to 7")
	}
	*i = indentFlag(n)
	return nil
}

func (i *indentFlag) Type() string { return "int" }

// helpOnly shows a two-value flag in the help text; takeNamedArgs takes
// its values before pflag could see them.
type helpOnly string

func (h helpOnly) String() string   { return "" }
func (h helpOnly) Set(string) error { return errors.New("takes two values") }
func (h helpOnly) Type() string     { return string(h) }

// takeNamedArgs removes jq's two-value flags and --args/--jsonargs from
// the command line, keeping everything after "--" as it is.
func takeNamedArgs(raw []string, opts *filterOptions) ([]string, error) {
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
			opts.vars = append(opts.vars, namedArg{arg, raw[i+1], raw[i+2]})
			i += 2
		case arg == "--args" || arg == "--jsonargs":
			opts.argsMode = arg
		default:
			rest = append(rest, arg)
		}
	}
	return rest, nil
}

func runFilter(a *app, args []string, opts filterOptions) error {
	fopts, args, err := buildFilterOptions(a, args, opts)
	if err != nil {
		return err
	}
	filter, err := filters.New(fopts)
	if err != nil {
		var ce *filters.CompileError
		if errors.As(err, &ce) {
			return exitcode.New(filters.ExitCompile, err)
		}
		return err
	}
	report := func(err error) { fmt.Fprintf(a.io.ErrOut, "zsj: error: %v\n", err) }
	sources, openErrs := input.Expand(args)
	for _, err := range openErrs {
		report(err)
	}
	res, err := filter.Run(sources, filters.IO{Stdin: a.io.In, Stdout: a.io.Out, Stderr: a.io.ErrOut, Report: report})
	if err != nil {
		return err
	}
	res.Unreadable += len(openErrs)
	if code := res.ExitCode(opts.exitStatus); code != exitcode.OK {
		return exitcode.Silent(code)
	}
	return nil
}

// buildFilterOptions checks the flags and turns them into the filter's
// options; it returns the arguments left for inputs.
func buildFilterOptions(a *app, args []string, opts filterOptions) (filters.Options, []string, error) {
	var fo filters.Options
	expr, exprFile, args, err := splitExpr(args, opts)
	if err != nil {
		return fo, nil, err
	}
	fo.Expr, fo.ExprFile = expr, exprFile
	if opts.argsMode != "" {
		for _, arg := range args {
			v := any(arg)
			if opts.argsMode == "--jsonargs" {
				if v, err = filters.DecodeJSON([]byte(arg)); err != nil {
					return fo, nil, usageError(fmt.Errorf("--jsonargs: %q is not JSON: %w", arg, err))
				}
			}
			fo.Positional = append(fo.Positional, v)
		}
		args = nil // inputs come from stdin
	}
	if fo.Vars, err = namedVars(opts.vars); err != nil {
		return fo, nil, err
	}
	fo.Environ = os.Environ
	fo.NullInput, fo.Slurp, fo.Upgrade, fo.Select = opts.nullInput, opts.slurp, opts.upgrade, opts.sel
	fo.Output = filters.Output{Raw: opts.raw, Join: opts.join, NUL: opts.raw0}
	fo.Output.Layout = layout(a, opts)
	return fo, args, nil
}

// splitExpr takes the expression from -f or from the first argument. With
// a shortcut the expression is optional, so a first argument that names
// an input ("-" or an existing path) is read as one.
func splitExpr(args []string, opts filterOptions) (expr, file string, rest []string, err error) {
	if opts.fromFile != "" {
		text, err := os.ReadFile(opts.fromFile)
		if err != nil {
			return "", "", nil, exitcode.New(filters.ExitInput, err)
		}
		return string(text), opts.fromFile, args, nil
	}
	if len(args) == 0 {
		if opts.sel.Active() {
			return "", "", nil, nil
		}
		return ".", "", nil, nil
	}
	if opts.sel.Active() && isInputArg(args[0]) {
		return "", "", args, nil
	}
	return args[0], "", args[1:], nil
}

func isInputArg(arg string) bool {
	if arg == "-" {
		return true
	}
	_, err := os.Stat(arg)
	return err == nil
}

func namedVars(args []namedArg) ([]filters.Var, error) {
	var vars []filters.Var
	for _, na := range args {
		var v any
		switch na.flag {
		case "--arg":
			v = na.value
		case "--argjson":
			var err error
			if v, err = filters.DecodeJSON([]byte(na.value)); err != nil {
				return nil, usageError(fmt.Errorf("--argjson %s: the value is not JSON: %w", na.name, err))
			}
		case "--slurpfile", "--rawfile":
			data, err := os.ReadFile(na.value)
			if err != nil {
				return nil, exitcode.New(filters.ExitInput, fmt.Errorf("%s %s: %w", na.flag, na.name, err))
			}
			v = string(data)
			if na.flag == "--slurpfile" {
				if v, err = filters.DecodeJSONSeq(data); err != nil {
					return nil, exitcode.New(filters.ExitInput, fmt.Errorf("--slurpfile %s: %s: %w", na.name, na.value, err))
				}
			}
		}
		vars = append(vars, filters.Var{Name: na.name, Value: v})
	}
	return vars, nil
}

// layout decides indentation and colors: -c, --tab and --indent say; by
// default values are indented on a terminal, one per line otherwise.
func layout(a *app, opts filterOptions) filters.Layout {
	l := filters.Layout{ASCII: opts.ascii, SortKeys: opts.sortKeys}
	switch {
	case opts.compact:
	case opts.tab:
		l.Tab = true
	case opts.indent >= 0:
		l.Indent = opts.indent
	case a.io.OutTTY:
		l.Indent = 2
	}
	colored := a.io.ColorEnabled()
	if opts.colorOutput {
		colored = true
	}
	if opts.monochrome {
		colored = false
	}
	if colored {
		p, err := filters.NewPalette(a.io.Getenv("JQ_COLORS"))
		if err != nil {
			fmt.Fprintf(a.io.ErrOut, "zsj: warning: %v; using the default colors\n", err)
			p, _ = filters.NewPalette("")
		}
		l.Colors = p
	}
	return l
}
