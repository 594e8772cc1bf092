package main

import (
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/zsj-dev/zsj/gen"
	"github.com/zsj-dev/zsj/internal/report"
	"github.com/zsj-dev/zsj/internal/term"
	"github.com/zsj-dev/zsj/pretty"
	"github.com/zsj-dev/zsj/protocol"
	"github.com/zsj-dev/zsj/replay"
	"github.com/zsj-dev/zsj/usage"
)

// flagValues are the values shell completion offers for flags with a
// fixed set, keyed "command flag" or, for a flag that means the same
// everywhere, by its name alone. Every list comes from the package that
// checks the flag, so the two cannot drift apart.
func flagValues() map[string][]string {
	versions := strs(protocol.SchemaVersions, strconv.Itoa)
	types := append(protocol.EventTypes(false), protocol.EventTypes(true)...)
	return map[string][]string{
		"color":           strs(term.ColorModes, func(m term.ColorMode) string { return string(m) }),
		"by":              strs(usage.Dimensions, func(d usage.Dimension) string { return string(d) }),
		"type":            types,
		"fault":           replay.FaultPrefixes(),
		"profile":         strs(gen.AllProfiles, func(p gen.Profile) string { return string(p) }),
		"kind":            {protocol.Output.String(), protocol.Input.String()},
		"schema-version":  versions,
		"as-version":      versions,
		"upgrade to":      versions,
		"schema version":  versions,
		"validate format": strs(report.Formats, func(f report.Format) string { return string(f) }),
		"redact format":   strs(report.Formats, func(f report.Format) string { return string(f) }),
		"usage format":    strs(usage.Formats, func(f usage.Format) string { return string(f) }),
		"runs format":     strs(usage.Formats, func(f usage.Format) string { return string(f) }),
		"pretty format":   pretty.Formats,
	}
}

// registerCompletions offers flagValues to the shell for every command.
func registerCompletions(root *cobra.Command) {
	values := flagValues()
	var walk func(*cobra.Command)
	walk = func(cmd *cobra.Command) {
		cmd.LocalFlags().VisitAll(func(f *pflag.Flag) {
			list, ok := values[cmd.Name()+" "+f.Name]
			if !ok {
				list, ok = values[f.Name]
			}
			if ok && !f.Hidden {
				_ = cmd.RegisterFlagCompletionFunc(f.Name, complete(list))
			}
		})
		if cmd.DisableFlagParsing && cmd.ValidArgsFunction == nil {
			cmd.ValidArgsFunction = completeUnparsed
		}
		for _, sub := range cmd.Commands() {
			walk(sub)
		}
	}
	walk(root)
}

// completeUnparsed completes the value of a flag for a command that
// parses its own flags (zsj filter, for jq's two-value flags): cobra
// then leaves "--type VALUE" to it.
func completeUnparsed(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	if n := len(args); n > 0 && strings.HasPrefix(args[n-1], "--") {
		if fn, ok := cmd.GetFlagCompletionFunc(args[n-1][2:]); ok {
			return fn(cmd, args, toComplete)
		}
	}
	return nil, cobra.ShellCompDirectiveDefault
}

// complete offers the values that start with what is typed. For a flag
// that takes a comma-separated list, what comes before the last comma is
// kept. A value ending in "=" (--fault stall=) wants more after it.
func complete(list []string) cobra.CompletionFunc {
	return func(_ *cobra.Command, _ []string, toComplete string) ([]string, cobra.ShellCompDirective) {
		done, typed := "", toComplete
		if i := strings.LastIndexByte(toComplete, ','); i >= 0 {
			done, typed = toComplete[:i+1], toComplete[i+1:]
		}
		var out []string
		directive := cobra.ShellCompDirectiveNoFileComp
		for _, v := range list {
			if strings.HasPrefix(v, typed) {
				out = append(out, done+v)
				if strings.HasSuffix(v, "=") {
					directive |= cobra.ShellCompDirectiveNoSpace
				}
			}
		}
		return out, directive
	}
}

// strs spells a list of values as strings.
func strs[T any](list []T, spell func(T) string) []string {
	out := make([]string, len(list))
	for i, v := range list {
		out[i] = spell(v)
	}
	return slices.Clip(out)
}
