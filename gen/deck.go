package gen

import "slices"

// deck deals choices like a shuffled deck of cards: every card comes out
// once per round, so rare cases (a fatal error, a headless denial) appear
// in every round of runs, not merely with some probability. Small test
// logs therefore still cover every event shape.
type deck[T any] struct {
	cards []T
	next  int
}

// newDeck copies cards: dealing shuffles them in place, and the package's
// card lists must stay as they are for the next Write to match this one.
func newDeck[T any](cards ...T) *deck[T] {
	return &deck[T]{cards: slices.Clone(cards), next: len(cards)}
}

// deal returns the next card, shuffling a new round when one is used up.
func (d *deck[T]) deal(r *rng) T {
	if d.next == len(d.cards) {
		for i := len(d.cards) - 1; i > 0; i-- {
			j := r.intn(i + 1)
			d.cards[i], d.cards[j] = d.cards[j], d.cards[i]
		}
		d.next = 0
	}
	c := d.cards[d.next]
	d.next++
	return c
}

// repeat returns n copies of c, for building decks.
func repeat[T any](c T, n int) []T {
	out := make([]T, n)
	for i := range out {
		out[i] = c
	}
	return out
}
