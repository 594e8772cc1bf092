package protocol

import "strconv"

// Upgrading between schema versions (docs/PROTOCOL.md section 2) rewrites a line
// in place: only the bytes of the schemaVersion value and of the top-level
// sandbox key's name change. Everything else (key order, spacing, number
// spelling, string escapes) is copied as it stands, so a log keeps
// byte-identical content apart from the version, and a v1 -> v2 -> v1 trip
// gives back the original line. Two spellings are not remembered: a
// renamed key spelled with escapes ("vio\u006cation") is written plainly
// ("block", then "violation"), and a version spelled other than as a digit
// followed by zeros (10e-1) becomes the plain digit.

// RuleUpgradeConflict is reported by zsj upgrade for an event that carries
// both violation and block: there is no way to tell which one to keep. It
// is not a validate rule, so it is not listed in Rules.
const RuleUpgradeConflict = "upgrade-conflict"

// UpgradeStatus says what UpgradeLine did with a line.
type UpgradeStatus uint8

// The outcomes of upgrading one line.
const (
	// Unchanged: the line is already at the target version, or blank.
	Unchanged UpgradeStatus = iota
	// Changed: the line was rewritten.
	Changed
	// Conflict: the event has both sandbox keys; it is left unchanged.
	Conflict
	// Invalid: the line is not a JSON object with a schemaVersion of 1 or
	// 2; it is left unchanged.
	Invalid
)

var upgradeStatusNames = [...]string{"unchanged", "changed", "conflict", "invalid"}

func (s UpgradeStatus) String() string { return upgradeStatusNames[s] }

// UpgradeResult says what happened to a line and, for a conflict or an
// invalid line, why: a rule code, the JSON path when there is one, and a
// message that never quotes the line's content.
type UpgradeResult struct {
	Status  UpgradeStatus
	Rule    string
	Path    string
	Message string
	// EOF: the line ended inside a JSON value. On a last line with no
	// line end, that means the file was cut short.
	EOF bool
}

// sandboxKeys is the name of the sandbox metadata field per version.
var sandboxKeys = [...]string{1: FieldViolation, 2: FieldBlock}

// Upgrader rewrites lines to one schema version. It keeps the scanner's
// scratch space between lines, so rewriting a log allocates nothing per
// line. The zero value is not usable: set To to 1 or 2.
type Upgrader struct {
	To      int // the version lines are rewritten to: 1 or 2
	scan    scanner
	members []Member
}

// UpgradeLine rewrites one line (without its line end) to schema version
// to. See Upgrader.Line.
func UpgradeLine(line []byte, to int, dst []byte) (out []byte, result UpgradeResult) {
	u := Upgrader{To: to}
	return u.Line(line, dst)
}

// Line rewrites one line (without its line end) to u.To: the schemaVersion
// value becomes the target version, and a top-level key naming the other
// version's sandbox field is renamed, keeping its place and its value.
//
// When the result is Changed, the new line is appended to dst and the
// extended slice returned; otherwise dst is returned as it was and the line
// stands as it is. Blank lines are Unchanged, as the protocol ignores them.
func (u *Upgrader) Line(line, dst []byte) (out []byte, result UpgradeResult) {
	if u.To != 1 && u.To != 2 {
		return dst, invalid(RuleBadVersion, "", "cannot upgrade to schema version "+strconv.Itoa(u.To))
	}
	if IsBlank(line) {
		return dst, UpgradeResult{Status: Unchanged}
	}
	members, serr := u.scan.parse(line, u.members[:0])
	u.members = members
	if serr != nil {
		res := invalid(serr.Rule, serr.Path, serr.Msg+" (at byte "+strconv.Itoa(serr.Offset+1)+")")
		res.EOF = serr.EOF
		return dst, res
	}

	version, other := -1, -1 // indexes into members; -1 when absent
	hasTarget := false
	for i := range members {
		switch string(members[i].KeyText()) {
		case FieldSchemaVersion:
			version = i
		case sandboxKeys[u.To]:
			hasTarget = true
		case sandboxKeys[3-u.To]:
			other = i
		}
	}
	if version < 0 {
		return dst, invalid(RuleMissingField, "$.schemaVersion", "missing required field schemaVersion")
	}
	v := members[version].Value
	from := 0
	if v.Kind == KindNumber {
		if f, ok := numberValue(v.Raw); ok && (f == 1 || f == 2) {
			from = int(f)
		}
	}
	if from == 0 {
		return dst, invalid(RuleBadVersion, "$.schemaVersion", "schemaVersion must be 1 or 2")
	}
	if other >= 0 && hasTarget {
		return dst, UpgradeResult{Status: Conflict, Rule: RuleUpgradeConflict,
			Message: "the event has both violation and block; left unchanged"}
	}
	if from == u.To && other < 0 {
		return dst, UpgradeResult{Status: Unchanged}
	}
	return u.splice(line, dst, members, version, other, from), UpgradeResult{Status: Changed}
}

func invalid(rule, path, msg string) UpgradeResult {
	return UpgradeResult{Status: Invalid, Rule: rule, Path: path, Message: msg}
}

// splice appends line to dst with at most two byte ranges replaced: the
// version value (when it is not the target already) and the other sandbox
// key's name between its quotes (when present).
func (u *Upgrader) splice(line, dst []byte, members []Member, version, other, from int) []byte {
	type edit struct {
		start, end int
		text       string
	}
	var edits [2]edit
	n := 0
	if from != u.To {
		m := members[version]
		end := m.ValueStart + len(m.Value.Raw)
		if keepsSpelling(m.Value.Raw) {
			end = m.ValueStart + 1 // only the leading digit: 1.0 <-> 2.0
		}
		edits[n] = edit{m.ValueStart, end, strconv.Itoa(u.To)}
		n++
	}
	if other >= 0 {
		m := members[other]
		start := m.KeyOffset + 1 // after the opening quote
		edits[n] = edit{start, start + len(m.Key), sandboxKeys[u.To]}
		n++
	}
	if n == 2 && edits[1].start < edits[0].start {
		edits[0], edits[1] = edits[1], edits[0]
	}
	pos := 0
	for _, e := range edits[:n] {
		dst = append(dst, line[pos:e.start]...)
		dst = append(dst, e.text...)
		pos = e.end
	}
	return append(dst, line[pos:]...)
}

// keepsSpelling reports whether a version number is its leading digit
// followed only by zeros in a fraction or an exponent (1, 1.0, 1e0, 2.00):
// then only that digit changes, so the number keeps its spelling and a
// v1 -> v2 -> v1 trip gives back the same bytes.
func keepsSpelling(raw []byte) bool {
	i := 1
	if i < len(raw) && raw[i] == '.' {
		i++
		for i < len(raw) && raw[i] == '0' {
			i++
		}
	}
	if i < len(raw) && (raw[i] == 'e' || raw[i] == 'E') {
		i++
		if i < len(raw) && (raw[i] == '+' || raw[i] == '-') {
			i++
		}
		for i < len(raw) && raw[i] == '0' {
			i++
		}
	}
	return i == len(raw)
}
