package ledger

import (
	"fmt"
	"io"
	"sort"
)

// WriteReport writes one line per account, sorted by name, with its
// balance in units and cents. Accounts with a zero balance are left out
// unless all is true.
func (l *Ledger) WriteReport(w io.Writer, all bool) error {
	names := make([]string, 0, len(l.balances))
	for name, cents := range l.balances {
		if cents != 0 || all {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	for _, name := range names {
		cents := l.balances[name]
		if _, err := fmt.Fprintf(w, "%-20s %8d.%02d\n", name, cents/100, abs(cents%100)); err != nil {
			return err
		}
	}
	return nil
}

func abs(n int64) int64 {
	if n < 0 {
		return -n
	}
	return n
}
