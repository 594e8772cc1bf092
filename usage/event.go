package usage

import (
	"github.com/zsj-dev/zsj/protocol"
)

// maxPending bounds the permission requests a run remembers while waiting
// for their answer, so a log of requests never answered cannot grow memory
// with its events. Real runs have one or two open at a time.
const maxPending = 16

// event reads a parsed event into its run. A field this package needs
// with a value the protocol does not allow makes the whole line unusable:
// it is reported and its data is left out (the line still belongs to the
// run's events and fingerprint).
func (f *File) event(st *runState, num int, typ []byte, members []protocol.Member) {
	ev := fields{c: f.c, members: members}
	r := st.run
	switch string(typ) {
	case "run_start":
		start := runStart{
			model:    ev.str("model"),
			apiModel: ev.str("apiModel"),
			provider: ev.str("provider"),
			cwd:      ev.str("cwd"),
			session:  ev.str("sessionId"),
		}
		if ev.ok(f, num) {
			r.Started = true
			r.Model, r.APIModel, r.Provider, r.Cwd, r.Session = start.model, start.apiModel, start.provider, start.cwd, start.session
		}
	case "usage":
		u, unc := ev.usage()
		if ev.ok(f, num) {
			f.addUsage(st, &u, &unc)
		}
	case "run_end":
		status := ev.status()
		code := ev.exitCode()
		if ev.ok(f, num) {
			r.Status, r.ExitCode = status, code
			st.ended = true
		}
	case "error":
		code := ev.str("code")
		recoverable, _ := ev.boolean("recoverable")
		if ev.ok(f, num) && !st.fatal {
			r.ErrorCode = code
			st.fatal = !recoverable
		}
	case "final":
		r.Final = true
	case "tool_call":
		id := ev.raw("id")
		if ev.ok(f, num) {
			r.ToolCalls++
			st.answered(id)
		}
	case "permission_request":
		id := ev.raw("id")
		if ev.ok(f, num) && id != nil {
			if len(st.pending) == maxPending {
				st.pending = append(st.pending[:0], st.pending[1:]...)
			}
			st.pending = append(st.pending, string(id))
		}
	case "permission_decision":
		id := ev.raw("id")
		granted, present := ev.boolean("permissionGranted")
		if ev.ok(f, num) {
			st.answered(id)
			if present && !granted {
				r.Denied++
			}
		}
	case "tool_result":
		id := ev.raw("id")
		status := ev.raw("status")
		blocked := ev.has("block") || ev.has("violation")
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
func (f *File) addUsage(st *runState, u *Usage, unc *uncosted) {
	r := st.run
	if !f.c.opts.Cumulative {
		r.Usage.Add(u)
		r.uncosted.add(unc)
		return
	}
	// A running total replaces the previous one; only the count of
	// events adds up.
	u.Events += r.Usage.Events
	r.Usage, r.uncosted = *u, *unc
}

func (u *uncosted) add(o *uncosted) {
	u.events += o.events
	u.prompt.Add(o.prompt)
	u.completion.Add(o.completion)
	u.cached.Add(o.cached)
	u.written.Add(o.written)
}
