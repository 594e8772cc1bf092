package main

import (
	"errors"
	"strconv"

	"github.com/spf13/cobra"

	"github.com/zsj-dev/zsj/filters"
	"github.com/zsj-dev/zsj/internal/term"
)

func init() { register(newFilterCmd) }

func newFilterCmd(a *app) *cobra.Command {
	var colorOutput, monochrome bool
	c := filters.Command{Indent: -1, Stdin: a.io.In, Stdout: a.io.Out, Stderr: a.io.ErrOut, OutTTY: a.io.OutTTY, Getenv: a.io.Getenv}
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
			rest, err := c.TakeNamedArgs(raw)
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
			if c.MaxProblems < 0 {
				return usageError(errors.New("--max-problems must not be negative"))
			}
			// jq's -C and -M have the last word on color.
			mode := term.ColorMode("")
			switch {
			case monochrome:
				mode = term.ColorNever
			case colorOutput:
				mode = term.ColorAlways
			}
			if err := a.decideColor(mode); err != nil {
				return err
			}
			c.Colored = a.io.ColorEnabled()
			return c.Run(cmd.Flags().Args())
		},
	}
	f := cmd.Flags()
	f.BoolVarP(&c.Raw, "raw-output", "r", false, "write strings without quotes")
	f.BoolVarP(&c.Join, "join-output", "j", false, "like -r, and write nothing after each result")
	f.BoolVar(&c.Raw0, "raw-output0", false, "like -r, and write a NUL after each result")
	f.BoolVarP(&c.ASCII, "ascii-output", "a", false, "write non-ASCII characters as \\uXXXX escapes")
	f.BoolVarP(&c.Compact, "compact-output", "c", false, "write each result on one line (the default when not on a terminal)")
	f.BoolVar(&c.Tab, "tab", false, "indent with tabs")
	f.Var((*indentFlag)(&c.Indent), "indent", "indent with `N` spaces (0 to 7; 0 is -c); default 2 on a terminal")
	f.BoolVarP(&c.SortKeys, "sort-keys", "S", false, "write object keys sorted (events are then re-encoded)")
	f.BoolVarP(&c.Slurp, "slurp", "s", false, "run the expression once, on an array of all events")
	f.BoolVarP(&c.NullInput, "null-input", "n", false, "run the expression once, on null; read events with input and inputs")
	f.BoolVarP(&c.RawInput, "raw-input", "R", false, "read each line as a string, not JSON (with -s, all of the input as one string)")
	f.BoolVar(&c.Stream, "stream", false, "see each value as its stream of [path, leaf] and [path] events, as tostream makes")
	f.BoolVar(&c.Seq, "seq", false, "write an ASCII RS (0x1e) before each result, and skip those before inputs (RFC 7464)")
	f.BoolVarP(&c.ExitStatus, "exit-status", "e", false, "exit 1 if the last result is false or null, 4 if there is none")
	f.BoolVarP(&colorOutput, "color-output", "C", false, "color the output even when it is not a terminal")
	f.BoolVarP(&monochrome, "monochrome-output", "M", false, "never color the output")
	f.StringVarP(&c.FromFile, "from-file", "f", "", "read the expression from `FILE`; all arguments are inputs")
	f.StringSliceVar(&c.Select.Types, "type", nil, "shortcut: events of type `T` (repeat, or T1,T2)")
	f.StringSliceVar(&c.Select.Runs, "run", nil, "shortcut: events of the run with this `ID`")
	f.StringSliceVar(&c.Select.IDs, "id", nil, "shortcut: the tool call with this `ID`: call, permission events, result")
	f.StringSliceVar(&c.Select.Tools, "tool", nil, "shortcut: calls of the tool `NAME`, their permission events and results")
	f.BoolVar(&c.Select.Blocked, "blocked", false, "shortcut: events with sandbox metadata (block, or violation in v1)")
	f.BoolVar(&c.Select.Failed, "failed", false, `shortcut: error events, and tool results and runs with status "error"`)
	f.BoolVar(&c.Upgrade, "upgrade", false, "show version 1 events as version 2 (violation as block, schemaVersion 2)")
	f.BoolVar(&c.Strict, "strict", false, "read inputs as the protocol writes them: one JSON value a line, in UTF-8")
	f.IntVar(&c.MaxProblems, "max-problems", 20, "report at most `N` lines that are not JSON per input (all are counted); 0 means no limit")
	// Listed for the help text; TakeNamedArgs consumes them.
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

// helpOnly shows a two-value flag in the help text; TakeNamedArgs takes
// its values before pflag could see them.
type helpOnly string

func (h helpOnly) String() string   { return "" }
func (h helpOnly) Set(string) error { return errors.New("takes two values") }
func (h helpOnly) Type() string     { return string(h) }
