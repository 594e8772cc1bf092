package filters

import (
	"strconv"
	"strings"
)

// locVar is jq 1.7's $__loc__: where in the expression it stands.
const locVar = "$__loc__"

// withLoc replaces each $__loc__ of an expression, which gojq lacks, with
// the object jq 1.7 gives for it: {"file":"<top-level>","line":N}, N being
// the line of the expression it is on. Strings and comments are left
// alone; the code in a string's \(...) is not.
func withLoc(expr string) string {
	if !strings.Contains(expr, locVar) {
		return expr
	}
	var b strings.Builder
	line := 1
	// parens counts the open parentheses of each string interpolation
	// the scan is in; the innermost last.
	var parens []int
	inString := false
	for i := 0; i < len(expr); i++ {
		c := expr[i]
		if c == '\n' {
			line++
		}
		switch {
		case inString:
			switch {
			case c == '\\' && i+1 < len(expr) && expr[i+1] == '(':
				b.WriteString(`\(`)
				i++
				parens = append(parens, 0)
				inString = false
				continue
			case c == '\\' && i+1 < len(expr):
				b.WriteByte(c)
				i++
				c = expr[i]
			case c == '"':
				inString = false
			}
		case c == '"':
			inString = true
		case c == '#':
			end := strings.IndexByte(expr[i:], '\n')
			if end < 0 {
				end = len(expr) - i
			}
			b.WriteString(expr[i : i+end])
			i += end - 1
			continue
		case c == '(' && len(parens) > 0:
			parens[len(parens)-1]++
		case c == ')' && len(parens) > 0:
			if parens[len(parens)-1] == 0 {
				parens = parens[:len(parens)-1]
				inString = true
			} else {
				parens[len(parens)-1]--
			}
		case strings.HasPrefix(expr[i:], locVar) && !identByte(expr, i+len(locVar)):
			b.WriteString(`({"file":"<top-level>","line":` + strconv.Itoa(line) + `})`)
			i += len(locVar) - 1
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

// identByte reports whether expr[i] continues a name.
func identByte(expr string, i int) bool {
	if i >= len(expr) {
		return false
	}
	c := expr[i]
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}
