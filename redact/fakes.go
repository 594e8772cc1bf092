package redact

// What tells a stand-in from a secret. Docs, tests and templates write
// tokens of a real shape whose letters give them away: ghp_xxxx...,
// xoxp-XXXX-..., glc_1111...=, a real prefix and then ####. A random
// token of 20 or more characters from 62 holds a run of six of one
// character with a chance of about one in ten million, so such a run
// marks a stand-in, not a secret.

// maxTokenRun is the longest run of one character (letters compared
// case-blind) that a token of a real shape may hold.
const maxTokenRun = 5

// maxValueRun is the same for a value written after a key name: values
// are shorter and hand-made, and an eight-long run is a mask there.
const maxValueRun = 7

// longRun reports whether v holds more than max of one character in a
// row, letters compared case-blind.
func longRun(v []byte, max int) bool {
	run, prev := 0, -1
	for _, c := range v {
		c = lower[c]
		if int(c) == prev {
			run++
		} else {
			run, prev = 1, int(c)
		}
		if run > max {
			return true
		}
	}
	return false
}

// maskFollows reports whether the text at i starts a mask, "###" or
// "***": what is written in place of the rest of a token.
func maskFollows(t []byte, i int) bool {
	return hasAt(t, i, "###") || hasAt(t, i, "***")
}

// constantName reports whether v is written as a constant's name
// (ACCESS_TOKEN, API_KEY): upper-case letters and digits, words joined by
// "_". A value so written names the secret; it is not one.
func constantName(v []byte) bool {
	under, letters := false, false
	for i, c := range v {
		switch {
		case c >= 'A' && c <= 'Z':
			letters = true
		case c >= '0' && c <= '9':
		case c == '_' && i > 0 && i < len(v)-1:
			under = true
		default:
			return false
		}
	}
	return under && letters
}
