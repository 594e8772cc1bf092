package usage

import (
	"github.com/zsj-dev/zsj/protocol"
)

// fields reads the members of one event. The first value it cannot use is
// remembered, and ok reports it, so each event reads all its fields first
// and then decides once.
type fields struct {
	c       *Collector
	members []protocol.Member
	rule    string // "" while every value read was usable
	msg     string
}

func (e *fields) get(key string) *protocol.Value {
	for i := range e.members {
		m := &e.members[i]
		if m.KeyEscaped {
			if string(m.KeyText()) == key {
				return &m.Value
			}
		} else if string(m.Key) == key {
			return &m.Value
		}
	}
	return nil
}

func (e *fields) fail(rule, msg string) {
	if e.rule == "" {
		e.rule, e.msg = rule, msg
	}
}

// ok reports whether every value read was usable, and reports the line
// when not.
func (e *fields) ok(f *File, num int) bool {
	if e.rule == "" {
		return true
	}
	f.warn(num, e.rule, e.msg)
	return false
}

func (e *fields) has(key string) bool { return e.get(key) != nil }

// str returns a string member, interned; "" when absent.
func (e *fields) str(key string) string {
	b := e.raw(key)
	if b == nil {
		return ""
	}
	return e.c.intern(b)
}

// raw returns a string member's decoded bytes, valid until the next line;
// nil when absent.
func (e *fields) raw(key string) []byte {
	v := e.get(key)
	if v == nil {
		return nil
	}
	if v.Kind != protocol.KindString {
		e.fail(protocol.RuleWrongType, key+" must be a string, not a "+v.Kind.String())
		return nil
	}
	return protocol.StringValue(*v)
}

// boolean reads a boolean member; one of another type is a problem.
func (e *fields) boolean(key string) (value, present bool) {
	v := e.get(key)
	if v == nil {
		return false, false
	}
	if b, ok := protocol.BoolValue(*v); ok {
		return b, true
	}
	e.fail(protocol.RuleWrongType, key+" must be a boolean, not a "+v.Kind.String())
	return false, false
}

// tokens reads a count; absent is 0.
func (e *fields) tokens(key string) (t Tokens, present bool) {
	v := e.get(key)
	if v == nil {
		return t, false
	}
	if v.Kind != protocol.KindNumber {
		e.fail(protocol.RuleWrongType, key+" must be a number, not a "+v.Kind.String())
		return t, false
	}
	t, err := ParseDecimal[wholeUnits](v.Raw)
	if err != nil {
		e.fail(protocol.RuleBadNumber, key+" is "+err.Error())
		return t, false
	}
	return t, true
}

func (e *fields) usd(key string) (d USD, present bool) {
	v := e.get(key)
	if v == nil {
		return d, false
	}
	if v.Kind != protocol.KindNumber {
		e.fail(protocol.RuleWrongType, key+" must be a number, not a "+v.Kind.String())
		return d, false
	}
	d, err := ParseDecimal[picoUnits](v.Raw)
	if err != nil {
		e.fail(protocol.RuleBadNumber, key+" is "+err.Error())
		return d, false
	}
	return d, true
}

// usage reads a usage event: its tokens and reported cost.
func (e *fields) usage() (u Usage) {
	u.Events = 1
	u.Prompt, _ = e.tokens(protocol.FieldPromptTokens)
	u.Completion, _ = e.tokens(protocol.FieldCompletionTokens)
	total, ok := e.tokens(protocol.FieldTotalTokens)
	if !ok {
		total = u.Prompt
		total.Add(u.Completion)
	}
	u.Total = total
	u.Cached, _ = e.tokens(protocol.FieldCachedInputTokens)
	u.CacheWrite, _ = e.tokens(protocol.FieldCacheWriteTokens)
	u.Reasoning, _ = e.tokens(protocol.FieldReasoningTokens)
	u.Cost, _ = e.usd(protocol.FieldCostUSD)
	return u
}

// status reads run_end's status.
func (e *fields) status() Status {
	s := e.raw(protocol.FieldStatus)
	switch {
	case s == nil:
		e.fail(protocol.RuleMissingField, "run_end has no status")
	case string(s) == "success":
		return Success
	case string(s) == "error":
		return Failed
	default:
		e.fail(protocol.RuleBadEnum, "status must be success or error")
	}
	return Unfinished
}

// exitCode reads run_end's exitCode; -1 when absent.
func (e *fields) exitCode() int64 {
	v := e.get(protocol.FieldExitCode)
	if v == nil {
		return -1
	}
	if v.Kind != protocol.KindNumber {
		e.fail(protocol.RuleWrongType, "exitCode must be a number, not a "+v.Kind.String())
		return -1
	}
	t, err := ParseDecimal[wholeUnits](v.Raw)
	if err != nil || t.exact != nil {
		e.fail(protocol.RuleBadNumber, "exitCode must be a whole number of at least 0")
		return -1
	}
	return t.units
}
