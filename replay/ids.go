package replay

import (
	"math/rand/v2"
	"strconv"
)

// idRenamer gives run and session ids new values of the same shape for
// --fresh-ids, the same new value every time an id comes back, so a stream
// stays consistent while a client that remembers ids across runs sees a
// run it has not met before.
//
// Same shape means: separators (anything but a letter or digit) stay where
// they are, a leading word of letters before the first separator ("run",
// "zero") is kept because it names the kind of id, and every other letter
// or digit is replaced by a random one of its class (lower case, upper
// case, digit). "run_20260603_abc123" may become "run_71845209_qmz804".
type idRenamer struct {
	rng  *rand.Rand
	to   map[string]string // old id -> new id
	used map[string]bool   // new ids handed out, so two ids never merge
}

func newIDRenamer(rng *rand.Rand) *idRenamer {
	return &idRenamer{rng: rng, to: map[string]string{}, used: map[string]bool{}}
}

// maxTries bounds the attempts at an unused new id before one is made
// unique with a suffix (an id with little to vary, such as "r_1").
const maxTries = 50

func (r *idRenamer) rename(old string) string {
	if id, ok := r.to[old]; ok {
		return id
	}
	var id string
	for try := 0; ; try++ {
		id = r.reshape(old)
		if try >= maxTries {
			id += "-" + strconv.Itoa(len(r.used)+1)
		}
		if id != old && !r.used[id] {
			break
		}
	}
	r.to[old], r.used[id] = id, true
	return id
}

func (r *idRenamer) reshape(old string) string {
	b := []byte(old)
	prefix := leadingWord(b)
	for i := prefix; i < len(b); i++ {
		switch c := b[i]; {
		case c >= 'a' && c <= 'z':
			b[i] = 'a' + byte(r.rng.IntN(26))
		case c >= 'A' && c <= 'Z':
			b[i] = 'A' + byte(r.rng.IntN(26))
		case c >= '0' && c <= '9':
			b[i] = '0' + byte(r.rng.IntN(10))
		}
	}
	return string(b)
}

// leadingWord is the length of the letters that start id when a separator
// follows them; 0 when the id does not start with such a word.
func leadingWord(id []byte) int {
	for i, c := range id {
		if isLetter(c) {
			continue
		}
		if i > 0 && !isDigit(c) {
			return i
		}
		return 0
	}
	return 0
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isDigit(c byte) bool  { return c >= '0' && c <= '9' }
