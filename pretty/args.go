package pretty

import (
	"bytes"
	"math"
	"strconv"
	"strings"

	"github.com/zsj-dev/zsj/internal/english"
	"github.com/zsj-dev/zsj/protocol"
)

// shortArgs renders a tool call's arguments for one line, within width
// columns: key=value pairs in the order the producer wrote them. Simple
// strings go bare (path=README.md), others keep their JSON quotes and
// escapes, so a newline shows as \n; long values are cut.
func shortArgs(v protocol.Value, width int, ellipsis string) string {
	if width <= 0 {
		return ""
	}
	if v.Kind != protocol.KindObject {
		return truncate(safe(string(firstBytes(v.Raw, width))), width, ellipsis)
	}
	// A member takes at least two columns (k=), so no more than width/2+1
	// can show.
	members, serr := protocol.ParseObject(firstMembers(v.Raw, width/2+1), nil)
	if serr != nil {
		return ""
	}
	perValue := max(width/2, 24)
	var b strings.Builder
	for i, m := range members {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(safe(string(m.KeyText())))
		b.WriteByte('=')
		b.WriteString(truncate(argValue(m.Value, perValue), perValue, ellipsis))
		if textWidth(b.String()) > width {
			break
		}
	}
	return truncate(b.String(), width, ellipsis)
}

// firstMembers returns the JSON text of the first n members of the object
// raw, closed, or raw itself when it has no more: parsing an object of 10
// million keys whole to show a few took 28 times the line's size.
func firstMembers(raw []byte, n int) []byte {
	i, empty := protocol.Open(raw, 0)
	if empty {
		return raw
	}
	for range n {
		_, next, closed, err := protocol.QuickMember(raw, i)
		if err != nil || closed {
			return raw
		}
		i = next
	}
	comma := bytes.LastIndexByte(raw[:i], ',')
	if comma < 0 {
		return raw
	}
	return append(raw[:comma:comma], '}')
}

// argValue is one argument's value as shown, from no more of its JSON
// text than width columns need.
func argValue(v protocol.Value, width int) string {
	raw := firstBytes(v.Raw, width)
	if v.Kind == protocol.KindString && !v.Escaped && len(raw) == len(v.Raw) && isBare(raw[1:len(raw)-1]) {
		return string(raw[1 : len(raw)-1])
	}
	return safe(string(raw))
}

// firstBytes returns enough of a value's JSON text to fill width columns
// and show that it goes on (a character takes at least one byte and at
// most four): a write_file call can carry a whole file.
func firstBytes(raw []byte, width int) []byte {
	p, _ := rawPrefix(raw, 4*width+4)
	return p
}

// isBare reports whether a string reads unambiguously without quotes.
func isBare(s []byte) bool {
	return len(s) > 0 && !bytes.ContainsAny(s, " \"'=\\")
}

// commas formats a count with thousands separators (1,936); fractions
// are kept as written.
func commas(f float64) string {
	if f != math.Trunc(f) || math.Abs(f) >= 1e15 {
		return strconv.FormatFloat(f, 'f', -1, 64)
	}
	s := strconv.FormatInt(int64(math.Abs(f)), 10)
	var b strings.Builder
	if f < 0 {
		b.WriteByte('-')
	}
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// dollars formats a cost in US dollars to a millionth of a dollar, the
// precision producers write.
func dollars(f float64) string {
	return "$" + strconv.FormatFloat(math.Round(f*1e6)/1e6, 'f', -1, 64)
}

// byteSize formats a size for people: 75 B, 1.2 KiB, 3.4 MiB.
func byteSize(n int) string {
	switch {
	case n < 1<<10:
		return strconv.Itoa(n) + " B"
	case n < 1<<20:
		return strconv.FormatFloat(float64(n)/(1<<10), 'f', 1, 64) + " KiB"
	}
	return strconv.FormatFloat(float64(n)/(1<<20), 'f', 1, 64) + " MiB"
}

// plural returns "1 line", "3 lines", "1,024 lines".
func plural(n int, word string) string {
	return commas(float64(n)) + " " + english.Plural(n, word)
}
