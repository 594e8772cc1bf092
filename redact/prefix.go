package redact

import (
	"regexp/syntax"
	"unicode/utf8"
)

// The keyword-led part of generic-api-key is a key name, an operator and
// a value of 10 to 150 characters with what may follow it: 455
// instructions for Go's matcher, which the quick check ran at every
// keyword whose name and the operator after it fit. On the realistic
// corpus that is most "token"s and "key"s ("Tokens\":0,", "key, err
// :="), some 700 ns each, and the rule's largest cost. Almost all
// of them have no value of 10 characters after the operator. So the
// part is cut where it grows wide (the value to its least length, the
// rest left out), and the cut is walked by hand: runs of a class, each
// taken at every length it may have, along the branches of the regex.
// Only where the walk gets through does the regex run.
//
// A part narrow enough to keep whole is walked too: Go's matcher took
// some 65 ns to say no at each "s." of Go source for vault-service-token
// ("s.Field("), where the walk stops at the sixth byte.

// smallPart is the widest part a cut keeps whole, in characters: the
// walk takes a byte for each, and stops with a yes at the first byte of
// a longer one (a class that folds case holds the Kelvin sign and the
// long s, of 3 bytes).
const smallPart = 64

// walkBudget is the most runs a walk tries before it gives up with a yes.
const walkBudget = 512

// quickPrefix is a walk through a cut of a keyword-led part: every match
// of the part starts with a text it gets through.
type quickPrefix struct {
	nodes []walkNode
	entry []int // the nodes a walk starts at (accept: a match of nothing)
	width int   // the most bytes a walk takes: a byte a character
}

// walkNode is a run of min to max (-1: any number) bytes of class, then
// any of next. A byte of 0x80 or more ends the walk with a yes: the class
// may hold characters of more bytes.
type walkNode struct {
	class    [128]bool
	min, max int
	next     []int
	// starts holds the ASCII bytes a walk from the node may begin with:
	// the class's, and when the run may be empty, those of the nodes
	// after it. A walk goes on to a node only at such a byte: the run
	// before tries each of its lengths, and at most of them the byte
	// that follows ends the walk at once ("token.Pos": a name run of
	// ".Pos" tried its lengths 4 down to 0, each then through the seven
	// operators; 49 steps a walk on the realistic log, and two thirds of
	// generic-api-key's quick check).
	starts [128]bool
}

// accept is the node index of a walk's end.
const accept = -1

// newQuickPrefix returns the walk of the keyword-led part p, or nil when
// the cut has parts a walk does not take (repeats of more than one
// character beyond a few).
func newQuickPrefix(p *syntax.Regexp) *quickPrefix {
	q, _ := cutWide(p)
	w := maxChars(q)
	if w < 0 || w > anchoredCheck {
		return nil
	}
	qp := &quickPrefix{width: w}
	entry, ok := qp.compile(q, []int{accept})
	if !ok || len(qp.nodes) > 64 {
		return nil
	}
	qp.entry = entry
	qp.noteStarts()
	return qp
}

// noteStarts sets each node's starts. A node leads only to nodes added
// before it (compile adds a part's nodes after those that follow it), so
// theirs are known when its turn comes.
func (qp *quickPrefix) noteStarts() {
	for i := range qp.nodes {
		n := &qp.nodes[i]
		if n.max != 0 {
			n.starts = n.class
		}
		if n.min > 0 {
			continue
		}
		for _, next := range n.next {
			if next == accept {
				for c := range n.starts {
					n.starts[c] = true
				}
				continue
			}
			for c, ok := range qp.nodes[next].starts {
				n.starts[c] = n.starts[c] || ok
			}
		}
	}
}

// mayStart reports whether a walk from node at may begin at t[pos]; a
// byte past the text, or of a longer character, is left to the walk.
func (qp *quickPrefix) mayStart(t []byte, at, pos int) bool {
	if at == accept || pos >= len(t) || t[pos] >= utf8.RuneSelf {
		return true
	}
	return qp.nodes[at].starts[t[pos]]
}

// span is how much text from the keyword-led part's start a walk needs:
// the most it takes and a character more.
func (qp *quickPrefix) span() int { return qp.width + utf8.UTFMax }

// compile adds the nodes of re, each leading on to follow, and returns
// those a walk through re starts at.
func (qp *quickPrefix) compile(re *syntax.Regexp, follow []int) ([]int, bool) {
	switch re.Op {
	case syntax.OpEmptyMatch, syntax.OpBeginLine, syntax.OpEndLine, syntax.OpBeginText, syntax.OpEndText,
		syntax.OpWordBoundary, syntax.OpNoWordBoundary:
		// A walk passes over an assertion: it may then get through
		// where the regex does not, never the other way round.
		return follow, true
	case syntax.OpCapture:
		return qp.compile(re.Sub[0], follow)
	case syntax.OpConcat:
		for i := len(re.Sub) - 1; i >= 0; i-- {
			var ok bool
			if follow, ok = qp.compile(re.Sub[i], follow); !ok {
				return nil, false
			}
		}
		return follow, true
	case syntax.OpAlternate:
		entry := []int{}
		for _, s := range re.Sub {
			e, ok := qp.compile(s, follow)
			if !ok {
				return nil, false
			}
			entry = append(entry, e...)
		}
		return entry, true
	case syntax.OpLiteral:
		for i := len(re.Rune) - 1; i >= 0; i-- {
			var n walkNode
			addRunes(&n.class, foldedRunes(re.Rune[i], re.Flags))
			follow = qp.add(n, 1, 1, follow)
		}
		return follow, true
	case syntax.OpCharClass:
		var n walkNode
		addRunes(&n.class, re.Rune)
		return qp.add(n, 1, 1, follow), true
	case syntax.OpRepeat, syntax.OpStar, syntax.OpPlus, syntax.OpQuest:
		lo, hi := repeatBounds(re)
		var n walkNode
		switch s := re.Sub[0]; {
		case s.Op == syntax.OpCharClass:
			addRunes(&n.class, s.Rune)
		case s.Op == syntax.OpLiteral && len(s.Rune) == 1:
			addRunes(&n.class, foldedRunes(s.Rune[0], s.Flags))
		default:
			return qp.compileRepeat(re.Sub[0], lo, hi, follow)
		}
		return qp.add(n, lo, hi, follow), true
	}
	return nil, false
}

// compileRepeat is compile for lo to hi repeats of a part longer than a
// character, such as the "or" of "passw(or)?d": each repeat its own
// nodes, the ones past lo optional.
func (qp *quickPrefix) compileRepeat(sub *syntax.Regexp, lo, hi int, follow []int) ([]int, bool) {
	if hi < 0 || hi > 8 {
		return nil, false
	}
	for i := hi - 1; i >= 0; i-- {
		entry, ok := qp.compile(sub, follow)
		if !ok {
			return nil, false
		}
		if i >= lo {
			entry = append(append([]int(nil), entry...), follow...)
		}
		follow = entry
	}
	return follow, true
}

// add appends n as a run of lo to hi bytes leading on to follow.
func (qp *quickPrefix) add(n walkNode, lo, hi int, follow []int) []int {
	n.min, n.max, n.next = lo, hi, follow
	qp.nodes = append(qp.nodes, n)
	return []int{len(qp.nodes) - 1}
}

func repeatBounds(re *syntax.Regexp) (lo, hi int) {
	switch re.Op {
	case syntax.OpStar:
		return 0, -1
	case syntax.OpPlus:
		return 1, -1
	case syntax.OpQuest:
		return 0, 1
	}
	return re.Min, re.Max
}

// addRunes puts the ASCII members of a class (pairs of bounds) in set.
// Its other members need not be: where the text has a byte of a longer
// character, the walk says yes.
func addRunes(set *[128]bool, class []rune) {
	for i := 0; i+1 < len(class); i += 2 {
		for r := class[i]; r <= min(class[i+1], utf8.RuneSelf-1); r++ {
			set[r] = true
		}
	}
}

// walks reports whether a match of the cut may start at the start of t,
// which holds at least span bytes of text, or all there is. t is text,
// not raw JSON: a backslash is itself.
func (qp *quickPrefix) walks(t []byte) bool {
	ok, _ := qp.walk(t)
	return ok
}

// walk is walks, and says how many runs it tried.
func (qp *quickPrefix) walk(t []byte) (ok bool, runs int) {
	budget := walkBudget
	for _, e := range qp.entry {
		if qp.mayStart(t, e, 0) && qp.walkFrom(t, e, 0, &budget) {
			return true, walkBudget - budget
		}
	}
	return false, walkBudget - budget
}

func (qp *quickPrefix) walkFrom(t []byte, at, pos int, budget *int) bool {
	if at == accept {
		return true
	}
	if *budget--; *budget < 0 {
		return true // too many ways to try: say yes
	}
	n := &qp.nodes[at]
	run := 0
	for (n.max < 0 || run < n.max) && pos+run < len(t) {
		c := t[pos+run]
		if c >= utf8.RuneSelf {
			return true
		}
		if !n.class[c] {
			break
		}
		run++
	}
	for ; run >= n.min; run-- {
		for _, next := range n.next {
			if qp.mayStart(t, next, pos+run) && qp.walkFrom(t, next, pos+run, budget) {
				return true
			}
		}
	}
	return false
}

// cutWide returns a regex that every match of p starts with a match of:
// p up to its first part wider than smallPart characters, which is cut in
// turn (a repeat to its least count, an alternation branch by branch, an
// optional part to nothing). cut says whether anything was.
func cutWide(p *syntax.Regexp) (q *syntax.Regexp, cut bool) {
	if w := maxChars(p); w >= 0 && w <= smallPart {
		return p, false
	}
	switch p.Op {
	case syntax.OpConcat:
		var kept []*syntax.Regexp
		for _, s := range p.Sub {
			q, cut := cutWide(s)
			kept = append(kept, q)
			if cut {
				return &syntax.Regexp{Op: syntax.OpConcat, Flags: p.Flags, Sub: kept}, true
			}
		}
		return p, false
	case syntax.OpCapture:
		return cutWide(p.Sub[0])
	case syntax.OpAlternate:
		subs := make([]*syntax.Regexp, len(p.Sub))
		for i, s := range p.Sub {
			subs[i], _ = cutWide(s)
		}
		return &syntax.Regexp{Op: syntax.OpAlternate, Flags: p.Flags, Sub: subs}, true
	case syntax.OpRepeat:
		if w := maxChars(p.Sub[0]); p.Min > 0 && w >= 0 && w*p.Min <= smallPart {
			return &syntax.Regexp{Op: syntax.OpRepeat, Flags: p.Flags, Min: p.Min, Max: p.Min, Sub: p.Sub[:1]}, true
		}
	case syntax.OpPlus:
		if w := maxChars(p.Sub[0]); w >= 0 && w <= smallPart {
			return p.Sub[0], true
		}
	}
	// A star, a quest, a wide literal or any other part: nothing of it
	// need be matched.
	return &syntax.Regexp{Op: syntax.OpEmptyMatch}, true
}
