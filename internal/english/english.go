// Package english words counts and choices in the messages and summaries
// zsj prints: "1 file", "3 files", "--color must be auto, always or never".
//
// It knows the regular English plural (a trailing "s") and nothing more;
// the words zsj counts need no other.
package english

import "strconv"

// Count is n followed by word, made plural unless n is 1: "1 line",
// "0 lines", "12 lines".
func Count[N ~int | ~int64](n N, word string) string {
	return strconv.FormatInt(int64(n), 10) + " " + Plural(n, word)
}

// Plural is word when n is 1 and its plural otherwise, for a count written
// some other way ("1,024 lines").
func Plural[N ~int | ~int64](n N, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}
