package usage

import (
	"bufio"
	"encoding/csv"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/fatih/color"

	"github.com/zsj-dev/zsj/internal/english"
)

// Format is an output format (--format).
type Format string

// The output formats. Runs has no tsv.
const (
	Table Format = "table"
	JSON  Format = "json"
	CSV   Format = "csv"
	TSV   Format = "tsv"
)

// Formats lists every output format.
var Formats = []Format{Table, JSON, CSV, TSV}

// ParseFormat checks a --format value against the formats allowed.
func ParseFormat(s string, allowed ...Format) (Format, error) {
	return english.Choose("--format", s, allowed)
}

// Style is how a table looks: decorations for a terminal only, so piped
// output stays plain for scripts.
type Style struct {
	Color      bool // bold header and totals
	Separators bool // thousands separators in numbers
}

// table is rows of cells printed in aligned columns: text to the left,
// numbers to the right, two spaces between columns.
type table struct {
	header []string
	right  []bool // right-aligned (numeric) columns
	rows   [][]string
	footer []string // the totals row, or nil
}

var boldColor = color.New(color.Bold)

func (t *table) write(w io.Writer, style Style) error {
	if style.Separators {
		for _, row := range append(t.rows, t.footer) {
			for i := range row {
				if t.right[i] {
					row[i] = groupThousands(row[i])
				}
			}
		}
	}
	widths := make([]int, len(t.header))
	for _, row := range append(append([][]string{t.header}, t.rows...), t.footer) {
		for i, cell := range row {
			widths[i] = max(widths[i], utf8.RuneCountInString(cell))
		}
	}
	bw := bufio.NewWriter(w)
	line := func(row []string, bold bool) {
		var b strings.Builder
		for i, cell := range row {
			pad := strings.Repeat(" ", widths[i]-utf8.RuneCountInString(cell))
			switch {
			case t.right[i]:
				b.WriteString(pad + cell)
			case i < len(row)-1:
				b.WriteString(cell + pad)
			default:
				b.WriteString(cell) // no trailing spaces
			}
			if i < len(row)-1 {
				b.WriteString("  ")
			}
		}
		s := b.String()
		if bold && style.Color {
			s = boldColor.Sprint(s)
		}
		bw.WriteString(s)
		bw.WriteByte('\n')
	}
	line(t.header, true)
	for _, row := range t.rows {
		line(row, false)
	}
	if t.footer != nil {
		line(t.footer, true)
	}
	return bw.Flush()
}

// groupThousands puts commas between groups of three digits of the whole
// part of a plain decimal number: 1234567.5 -> 1,234,567.5.
func groupThousands(s string) string {
	whole, frac, hasFrac := strings.Cut(s, ".")
	if len(whole) <= 3 || strings.IndexFunc(whole, func(r rune) bool { return r < '0' || r > '9' }) >= 0 {
		return s
	}
	var b strings.Builder
	lead := len(whole) % 3
	if lead > 0 {
		b.WriteString(whole[:lead])
	}
	for i := lead; i < len(whole); i += 3 {
		if b.Len() > 0 {
			b.WriteByte(',')
		}
		b.WriteString(whole[i : i+3])
	}
	if hasFrac {
		b.WriteString("." + frac)
	}
	return b.String()
}

// writeDelimited writes rows as CSV (RFC 4180 quoting) or TSV (no quoting:
// tabs, newlines and backslashes in a cell are written as \t, \n, \r and
// \\, so that every row is one line of exactly the header's fields).
func writeDelimited(w io.Writer, format Format, header []string, rows [][]string) error {
	if format == CSV {
		cw := csv.NewWriter(w)
		cw.Write(header)
		cw.WriteAll(rows) // flushes
		return cw.Error()
	}
	bw := bufio.NewWriter(w)
	for _, row := range append([][]string{header}, rows...) {
		for i, cell := range row {
			if i > 0 {
				bw.WriteByte('\t')
			}
			bw.WriteString(tsvEscaper.Replace(cell))
		}
		bw.WriteByte('\n')
	}
	return bw.Flush()
}

var tsvEscaper = strings.NewReplacer("\\", `\\`, "\t", `\t`, "\n", `\n`, "\r", `\r`)
