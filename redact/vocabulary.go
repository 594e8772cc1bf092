package redact

import (
	"strings"
	"sync"

	"github.com/zsj-dev/zsj/protocol"
)

// The prefilter hashes two or so windows of each keyword (anchorAt picks
// which). A window that ordinary log text is full of makes its keyword
// looked at everywhere: "run" of "trunsrv" is in every runId, "ext" of
// "ext_" in every "text" event, "lta" of "ltai" in every "delta". On
// logs of real source files such windows made nine in ten of the
// prefilter's closer looks. The words below are what every log repeats:
// the protocol's own names, and the commonest words of English prose and
// of program source; a window inside one of them is picked only when a
// keyword has no other.

// commonWords are frequent words of prose and code (lower case).
const commonWords = `the and that with this from have they their there when where
which what will would could should about after before other some such only also
then than each more most like just used using into over under between while
return func function string error run runs running test tests testing text type
types data value values name names file files list index output input result
results status true false null none const import package struct class public
private static void int for else err nil len make new self def var let
interface range case switch default print printf println format context request
response server client config path http https json yaml user time update create
delete read write open close start end line lines count size length number
message content reason reasoning tool call calls args model provider session
version schema event events check assert expect want got example second first
last next bytes buffer byte slice map array object key keys field fields method
return returns value true test_ tested internal external extension extract
contrast central entry intro introduce control because escape scan scanner
crypto encoding decode
`

// commonTrigrams counts, for every 3 bytes of a word of the vocabulary
// (ASCII case folded), the words that hold them: "int" is in print,
// interface, internal and five more, "ray" only in array.
var commonTrigrams = sync.OnceValue(func() map[[3]byte]int {
	set := map[[3]byte]int{}
	add := func(word string) {
		seen := map[[3]byte]bool{}
		for i := 0; i+3 <= len(word); i++ {
			w := [3]byte{lower[word[i]], lower[word[i+1]], lower[word[i+2]]}
			if !seen[w] {
				seen[w] = true
				set[w]++
			}
		}
	}
	for _, w := range strings.Fields(commonWords) {
		add(w)
	}
	for _, names := range [][]string{protocol.EventTypes(false), protocol.EventTypes(true), protocol.EventFieldNames()} {
		for _, n := range names {
			add(n)
		}
	}
	return set
})

// commonness is how many words of the vocabulary hold the 3 bytes w, in
// any case.
func commonness(w []byte) int {
	return commonTrigrams()[[3]byte{lower[w[0]], lower[w[1]], lower[w[2]]}]
}
