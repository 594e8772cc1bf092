package filters

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/fatih/color"
)

// Palette holds the escape sequences that color each kind of JSON token,
// and the one that ends a color.
type Palette struct {
	Null, False, True, Number, String, Array, Object, Key string
	Reset                                                 string
}

// jqColors are jq 1.6's default colors, in the order JQ_COLORS lists
// them (null:false:true:numbers:strings:arrays:objects), then object keys.
var jqColors = []string{"1;30", "0;39", "0;39", "0;39", "0;32", "1;39", "1;39", "34;1"}

// NewPalette returns jq's colors, changed by spec (the JQ_COLORS
// variable: colon-separated SGR codes such as "1;30:0;39", in the order
// null, false, true, numbers, strings, arrays, objects, object keys; fewer
// fields leave the rest at their defaults).
func NewPalette(spec string) (*Palette, error) {
	codes := append([]string(nil), jqColors...)
	if spec != "" {
		fields := strings.Split(spec, ":")
		if len(fields) > len(codes) {
			return nil, fmt.Errorf("JQ_COLORS has %d fields, at most %d are used", len(fields), len(codes))
		}
		for i, f := range fields {
			if err := checkSGR(f); err != nil {
				return nil, fmt.Errorf("JQ_COLORS field %d: %w", i+1, err)
			}
			codes[i] = f
		}
	}
	seq := make([]string, len(codes))
	for i, c := range codes {
		seq[i] = escape(c)
	}
	return &Palette{
		Null: seq[0], False: seq[1], True: seq[2], Number: seq[3], String: seq[4],
		Array: seq[5], Object: seq[6], Key: seq[7], Reset: reset(),
	}, nil
}

// checkSGR accepts what a terminal takes between "ESC [" and "m": numbers
// separated by semicolons.
func checkSGR(s string) error {
	if s == "" {
		return nil
	}
	for _, part := range strings.Split(s, ";") {
		if _, err := strconv.ParseUint(part, 10, 8); err != nil {
			return errors.New("want numbers separated by ';', like 1;31")
		}
	}
	return nil
}

// escape returns the sequence that fatih/color writes to start a color
// made of the SGR codes in s. Asking the library, rather than writing
// "\x1b[...m" here, keeps every zsj command's colors coming from one place.
func escape(s string) string {
	var attrs []color.Attribute
	if s != "" {
		for _, part := range strings.Split(s, ";") {
			n, _ := strconv.Atoi(part)
			attrs = append(attrs, color.Attribute(n))
		}
	}
	c := color.New(attrs...)
	c.EnableColor()
	var buf bytes.Buffer
	c.SetWriter(&buf)
	return buf.String()
}

func reset() string {
	c := color.New(color.Reset)
	c.EnableColor()
	var buf bytes.Buffer
	c.UnsetWriter(&buf)
	return buf.String()
}
