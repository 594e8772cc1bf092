package usage

import (
	"slices"

	"github.com/zsj-dev/zsj/protocol"
)

// maxPending bounds the permission requests a run remembers while waiting
// for their answer, so a log of requests never answered cannot grow memory
// with its events. Real runs have one or two open at a time.
const maxPending = 16

// event reads a parsed event into its run. A field this package needs
// with a value the protocol does not allow makes the whole line unusable:
// it is reported as skipped, its data is left out, and event returns
// false, so that the line is not counted among the run's events (it still
// belongs to the run's fingerprint, which is of the bytes found).
func (f *File) event(st *runState, num int, typ []byte, members []protocol.Member) bool {
	ev := fields{c: f.c, members: members}
	r := st.run
	switch string(typ) {
	case protocol.TypeRunStart:
		start := runStart{
			model:    ev.str(protocol.FieldModel),
			apiModel: ev.str(protocol.FieldAPIModel),
			provider: ev.str(protocol.FieldProvider),
			cwd:      ev.str(protocol.FieldCwd),
			session:  ev.str(protocol.FieldSessionID),
		}
		if ev.ok(f, num) {
			r.Started = true
			r.Model, r.APIModel, r.Provider, r.Cwd, r.Session = start.model, start.apiModel, start.provider, start.cwd, start.session
		}
	case protocol.TypeUsage:
		u := ev.usage()
		if ev.ok(f, num) {
			f.addUsage(st, &u)
		}
	case protocol.TypeRunEnd:
		status := ev.status()
		code := ev.exitCode()
		if ev.ok(f, num) {
			r.Status, r.ExitCode = status, code
			st.ended = true
		}
	case protocol.TypeError:
		code := ev.str(protocol.FieldCode)
		recoverable, _ := ev.boolean(protocol.FieldRecoverable)
		if ev.ok(f, num) {
			r.Errors++
			if !st.fatal {
				r.ErrorCode = code
				st.fatal = !recoverable
			}
		}
	case protocol.TypeFinal:
		r.Final = true
		return true
	case protocol.TypeToolCall:
		id := ev.raw(protocol.FieldID)
		name := ev.str(protocol.FieldName)
		if ev.ok(f, num) {
			r.ToolCalls++
			st.answered(id)
			if name != "" && !slices.Contains(r.Tools, name) {
				r.Tools = append(r.Tools, name)
			}
		}
	case protocol.TypePermissionRequest:
		id := ev.raw(protocol.FieldID)
		if ev.ok(f, num) && id != nil {
			if len(st.pending) == maxPending {
				st.pending = append(st.pending[:0], st.pending[1:]...)
			}
			st.pending = append(st.pending, string(id))
		}
	case protocol.TypePermissionDecision:
		id := ev.raw(protocol.FieldID)
		granted, present := ev.boolean(protocol.FieldPermissionGranted)
		if ev.ok(f, num) {
			st.answered(id)
			if present && !granted {
				r.Denied++
			}
		}
	case protocol.TypeToolResult:
		id := ev.raw(protocol.FieldID)
		status := ev.raw(protocol.FieldStatus)
		blocked := ev.has(protocol.FieldBlock) || ev.has(protocol.FieldViolation)
		if ev.ok(f, num) {
			// A request answered by a failed result, with no decision
			// and no call in between, is a headless denial.
			if st.answered(id) && string(status) == "error" {
				r.Denied++
			}
			if blocked {
				r.Blocks++
			}
		}
	}
	return ev.rule == ""
}

type runStart struct{ model, apiModel, provider, cwd, session string }

// answered forgets a pending permission request and reports whether there
// was one.
func (st *runState) answered(id []byte) bool {
	for i, p := range st.pending {
		if p == string(id) {
			st.pending = append(st.pending[:i], st.pending[i+1:]...)
			return true
		}
	}
	return false
}

// addUsage adds one usage event to its run.
func (f *File) addUsage(st *runState, u *Usage) {
	r := st.run
	if !f.c.opts.Cumulative {
		r.Usage.Add(u)
		return
	}
	// A running total replaces the previous one; only the count of
	// events adds up.
	u.Events += r.Usage.Events
	r.Usage = *u
}
