package english

import (
	"fmt"
	"strings"
)

// Or lists choices the way a message offers them: "a", "a or b",
// "a, b or c".
func Or[S ~string](choices []S) string {
	var b strings.Builder
	for i, c := range choices {
		switch {
		case i == 0:
		case i == len(choices)-1:
			b.WriteString(" or ")
		default:
			b.WriteString(", ")
		}
		b.WriteString(string(c))
	}
	return b.String()
}

// Choose returns value as one of choices, or an error naming the flag
// and what it accepts: `--color must be auto, always or never, not "x"`.
func Choose[S ~string](flag, value string, choices []S) (S, error) {
	for _, c := range choices {
		if string(c) == value {
			return c, nil
		}
	}
	return "", fmt.Errorf("%s must be %s, not %q", flag, Or(choices), value)
}
