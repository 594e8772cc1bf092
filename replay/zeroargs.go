package replay

import (
	"fmt"
	"slices"
	"strings"
)

// zeroCall is a parsed 'zero exec' command line, as a client would give it
// to the real Zero.
type zeroCall struct {
	version      bool   // 'zero --version': clients often check it first
	inputFormat  string // "text" (default) or "stream-json"
	outputFormat string // "stream-json"; "" when not given
	file         string // --file: read input from here instead of stdin
	prompt       string // the PROMPT words, joined by spaces
	hasPrompt    bool
}

// zeroUsageError is a command line Zero would refuse: the stand-in prints
// it as Zero would and exits with usageExit.
type zeroUsageError struct{ msg string }

func (e *zeroUsageError) Error() string { return e.msg }

func zeroUsagef(format string, args ...any) error {
	return &zeroUsageError{fmt.Sprintf(format, args...)}
}

// zeroInputFormats are the input formats: a plain prompt, or input events.
var zeroInputFormats = []string{"text", "stream-json"}

// parseZeroArgs reads 'exec [--output-format F] [--input-format F]
// [--file PATH] [--] [PROMPT...]', flags as "--flag value" or
// "--flag=value", anywhere before "--".
func parseZeroArgs(args []string) (zeroCall, error) {
	c := zeroCall{inputFormat: "text"}
	if len(args) == 1 && (args[0] == "--version" || args[0] == "version") {
		c.version = true
		return c, nil
	}
	if len(args) == 0 || args[0] != "exec" {
		got := "no command"
		if len(args) > 0 {
			got = fmt.Sprintf("command %q", args[0])
		}
		return c, zeroUsagef("%s: this stand-in for zero only runs 'zero exec'", got)
	}
	var words []string
	rest := args[1:]
	for i := 0; i < len(rest); i++ {
		arg := rest[i]
		if arg == "--" {
			words = append(words, rest[i+1:]...)
			break
		}
		if !strings.HasPrefix(arg, "-") || arg == "-" {
			words = append(words, arg)
			continue
		}
		name, value, hasValue := strings.Cut(arg, "=")
		var target *string
		switch name {
		case "--output-format":
			target = &c.outputFormat
		case "--input-format":
			target = &c.inputFormat
		case "--file":
			target = &c.file
		default:
			return c, zeroUsagef("unknown flag %s", name)
		}
		if !hasValue {
			if i+1 >= len(rest) {
				return c, zeroUsagef("flag %s needs a value", name)
			}
			i++
			value = rest[i]
		}
		*target = value
	}
	if err := checkFormats(c); err != nil {
		return c, err
	}
	c.prompt, c.hasPrompt = strings.Join(words, " "), len(words) > 0
	return c, nil
}

// checkFormats refuses formats the stand-in cannot speak. Without
// --output-format it still writes stream-json: a fixture is all it has.
func checkFormats(c zeroCall) error {
	if !slices.Contains(zeroInputFormats, c.inputFormat) {
		return zeroUsagef("unsupported input format %q (want text or stream-json)", c.inputFormat)
	}
	if c.outputFormat != "" && c.outputFormat != "stream-json" {
		return zeroUsagef("unsupported output format %q (want stream-json)", c.outputFormat)
	}
	return nil
}
