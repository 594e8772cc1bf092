package redact

import "github.com/zsj-dev/zsj/protocol"

// Some of the protocol's own member names hold a keyword: every usage
// event has six "...Tokens" names, and the key rules' quick check says
// maybe for each (a name, then a quote), so every usage line was walked,
// at 0.56 us a line, to find nothing. Such a name, when the rules find
// nothing in it and it is not a sensitive key, can hold nothing to
// redact wherever it is a member name: the walk looks at a member name
// only as a text of its own, and at the value by its own keywords. So an
// occurrence inside `"name":` is left out of a line's keywords at once,
// for every rule, where saying no in the key rules' check alone would
// have passed it on to the checks of every other rule of the keyword.

// plainKeys finds the protocol's member names that hold a keyword of rs
// and in which nothing is found (not a sensitive key, and no rule matches
// in the name's text), for dropPlainKeys.
func (rs *RuleSet) plainKeys() {
	x := rs.NewRedactor()
	for _, name := range protocol.EventFieldNames() {
		b := []byte(name)
		hits := rs.pf.scan(b, nil)
		if len(hits) == 0 || rs.keys.sensitive(b) || len(x.Text(b)) > 0 {
			continue
		}
		if rs.plain == nil {
			rs.plain, rs.plainKw = map[string]bool{}, make([]bool, len(rs.pf.keywords))
		}
		rs.plain[name] = true
		rs.plainLen = max(rs.plainLen, len(name))
		for _, h := range hits {
			rs.plainKw[h.kw] = true
		}
	}
}

// dropPlainKeys removes from hits, the keywords of line, those inside a
// member name that is one of rs's plain keys.
func (rs *RuleSet) dropPlainKeys(line []byte, hits []hit) []hit {
	if rs.plain == nil {
		return hits
	}
	kept := hits[:0]
	for _, h := range hits {
		if !rs.plainKw[h.kw] || !rs.inPlainKey(line, h) {
			kept = append(kept, h)
		}
	}
	return kept
}

// inPlainKey reports whether the keyword occurrence h lies in a member
// name of line, `"name":`, that is a plain key. The name is read up to
// the quote after it first: in text, where most keywords are, a word
// does not end in a quote that is not escaped. The quote before the name
// must follow a comma or a brace: then it is not escaped, and the name is
// not the end of a longer one. (A line where the comma or brace ends a
// string instead is not valid JSON, and its walk finds nothing either
// way.) Neither side is read further than the longest plain key goes: a
// text of one keyword over and over, a long run of name bytes, would
// otherwise be read again for each.
func (rs *RuleSet) inPlainKey(line []byte, h hit) bool {
	a, b := int(h.pos), int(h.pos)+len(rs.pf.keywords[h.kw].text)
	for b < len(line) && nameByte(line[b]) && b-a < rs.plainLen {
		b++
	}
	if b+1 >= len(line) || line[b] != '"' || line[b+1] != ':' {
		return false
	}
	for a > 0 && nameByte(line[a-1]) && b-a < rs.plainLen {
		a--
	}
	if a < 2 || line[a-1] != '"' || line[a-2] != ',' && line[a-2] != '{' {
		return false
	}
	return rs.plain[string(line[a:b])]
}

// nameByte reports whether c may be in a protocol member name.
func nameByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}
