package redact

import (
	"regexp/syntax"
	"strconv"
	"strings"
)

// regexSource writes a parsed regex back as source that regexp.Compile
// reads into the same regex. syntax.Regexp.String does this too, but it
// first works out the fewest flags for each part by passing every rune of
// every character class through unicode.SimpleFold: on the catalogue's
// wide classes ([^\s"'] and the like) that was 2.5 million calls, the
// larger part of what a short zsj redact or validate run did. Here the
// parser's own results are written as they are: classes as their ranges
// (case folding already in them), literals that ignore case inside
// (?i:...), and no other flags, as the tree holds no other.
func regexSource(re *syntax.Regexp) string {
	var b strings.Builder
	writeRegex(&b, re)
	return b.String()
}

func writeRegex(b *strings.Builder, re *syntax.Regexp) {
	switch re.Op {
	case syntax.OpNoMatch:
		b.WriteString(`[^\x{0}-\x{10FFFF}]`)
	case syntax.OpEmptyMatch:
		b.WriteString(`(?:)`)
	case syntax.OpLiteral:
		fold := re.Flags&syntax.FoldCase != 0
		if fold {
			b.WriteString(`(?i:`)
		}
		for _, r := range re.Rune {
			writeRune(b, r)
		}
		if fold {
			b.WriteString(`)`)
		}
	case syntax.OpCharClass:
		if len(re.Rune) == 0 {
			b.WriteString(`[^\x{0}-\x{10FFFF}]`)
			return
		}
		b.WriteByte('[')
		for i := 0; i+1 < len(re.Rune); i += 2 {
			writeRune(b, re.Rune[i])
			if re.Rune[i+1] != re.Rune[i] {
				b.WriteByte('-')
				writeRune(b, re.Rune[i+1])
			}
		}
		b.WriteByte(']')
	case syntax.OpAnyCharNotNL:
		b.WriteString(`(?-s:.)`)
	case syntax.OpAnyChar:
		b.WriteString(`(?s:.)`)
	case syntax.OpBeginLine:
		b.WriteString(`(?m:^)`)
	case syntax.OpEndLine:
		b.WriteString(`(?m:$)`)
	case syntax.OpBeginText:
		b.WriteString(`\A`)
	case syntax.OpEndText:
		b.WriteString(`\z`) // $ without (?m) is the end of the text too
	case syntax.OpWordBoundary:
		b.WriteString(`\b`)
	case syntax.OpNoWordBoundary:
		b.WriteString(`\B`)
	case syntax.OpCapture:
		if re.Name != "" {
			b.WriteString(`(?P<` + re.Name + `>`)
		} else {
			b.WriteByte('(')
		}
		writeRegex(b, re.Sub[0])
		b.WriteByte(')')
	case syntax.OpStar, syntax.OpPlus, syntax.OpQuest, syntax.OpRepeat:
		b.WriteString(`(?:`)
		writeRegex(b, re.Sub[0])
		b.WriteByte(')')
		switch re.Op {
		case syntax.OpStar:
			b.WriteByte('*')
		case syntax.OpPlus:
			b.WriteByte('+')
		case syntax.OpQuest:
			b.WriteByte('?')
		default:
			b.WriteString("{" + strconv.Itoa(re.Min))
			switch {
			case re.Max < 0:
				b.WriteString(",")
			case re.Max != re.Min:
				b.WriteString("," + strconv.Itoa(re.Max))
			}
			b.WriteByte('}')
		}
		if re.Flags&syntax.NonGreedy != 0 {
			b.WriteByte('?')
		}
	case syntax.OpConcat:
		for _, sub := range re.Sub {
			if sub.Op == syntax.OpAlternate {
				b.WriteString(`(?:`)
				writeRegex(b, sub)
				b.WriteByte(')')
			} else {
				writeRegex(b, sub)
			}
		}
	case syntax.OpAlternate:
		for i, sub := range re.Sub {
			if i > 0 {
				b.WriteByte('|')
			}
			writeRegex(b, sub)
		}
	default:
		b.WriteString(re.String()) // no other op comes out of the parser
	}
}

// writeRune writes r so that it stands for itself both inside and
// outside a class: letters, digits and _ as they are, the rest escaped.
func writeRune(b *strings.Builder, r rune) {
	if r == '_' || r < 0x80 && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
		b.WriteRune(r)
		return
	}
	b.WriteString(`\x{` + strconv.FormatInt(int64(r), 16) + `}`)
}
