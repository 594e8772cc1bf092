// Package ledger keeps double-entry accounts: every posting moves an
// amount from one account to another, so balances always sum to zero.
package ledger

import (
	"errors"
	"fmt"
)

// ErrSameAccount is returned when a posting names one account twice.
var ErrSameAccount = errors.New("ledger: from and to are the same account")

// A Ledger holds balances in cents and the journal of postings that made
// them. The zero value is not ready for use; call New.
type Ledger struct {
	balances map[string]int64
	journal  []Posting
}

// A Posting moves Amount cents from one account to another.
type Posting struct {
	From, To string
	Amount   int64
}

// New returns an empty ledger.
func New() *Ledger {
	return &Ledger{balances: map[string]int64{}}
}

// Post records a posting. It refuses negative amounts and postings from
// an account to itself, and leaves the ledger unchanged when it does.
func (l *Ledger) Post(from, to string, amount int64) error {
	if from == to {
		return ErrSameAccount
	}
	if amount < 0 {
		return fmt.Errorf("ledger: negative amount %d", amount)
	}
	l.balances[from] -= amount
	l.balances[to] += amount
	l.journal = append(l.journal, Posting{from, to, amount})
	return nil
}

// Balance returns the balance of an account in cents; an account never
// posted to has a balance of zero.
func (l *Ledger) Balance(account string) int64 {
	return l.balances[account]
}

// Journal returns the postings in the order they were made.
func (l *Ledger) Journal() []Posting {
	return append([]Posting(nil), l.journal...)
}
