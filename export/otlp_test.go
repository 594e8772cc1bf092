package export

import (
	"bufio"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"go.opentelemetry.io/collector/pdata/pcommon"
	"go.opentelemetry.io/collector/pdata/ptrace"
	"go.opentelemetry.io/collector/pdata/ptrace/ptraceotlp"

	"github.com/zsj-dev/zsj/internal/term"
)

// receiver is an OTLP/HTTP endpoint on 127.0.0.1 that decodes what it
// gets with the collector's pdata, answering with the statuses queued
// first (then 200).
type receiver struct {
	t        *testing.T
	mu       sync.Mutex
	statuses []int
	requests int
	headers  []http.Header
	traces   []ptrace.Traces
	rejected int64 // spans said rejected in each answer (partial success)
}

func newReceiver(t *testing.T, statuses ...int) (*receiver, string) {
	r := &receiver{t: t, statuses: statuses}
	srv := httptest.NewServer(http.HandlerFunc(r.serve))
	t.Cleanup(srv.Close)
	return r, srv.URL
}

func (r *receiver) serve(w http.ResponseWriter, req *http.Request) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.requests++
	r.headers = append(r.headers, req.Header.Clone())
	if req.URL.Path != "/v1/traces" || req.Method != http.MethodPost {
		http.NotFound(w, req)
		return
	}
	if len(r.statuses) > 0 {
		code := r.statuses[0]
		r.statuses = r.statuses[1:]
		http.Error(w, "try later or log in", code)
		return
	}
	body, _ := io.ReadAll(req.Body)
	er := ptraceotlp.NewExportRequest()
	var err error
	var resp []byte
	answer := ptraceotlp.NewExportResponse()
	if r.rejected > 0 {
		answer.PartialSuccess().SetRejectedSpans(r.rejected)
		answer.PartialSuccess().SetErrorMessage("spans too old")
	}
	switch ct := req.Header.Get("Content-Type"); ct {
	case "application/x-protobuf":
		err = er.UnmarshalProto(body)
		resp, _ = answer.MarshalProto()
	case "application/json":
		err = er.UnmarshalJSON(body)
		resp, _ = answer.MarshalJSON()
	default:
		r.t.Errorf("Content-Type %q", ct)
	}
	if err != nil {
		r.t.Errorf("decode: %v", err)
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	r.traces = append(r.traces, er.Traces())
	w.Header().Set("Content-Type", req.Header.Get("Content-Type"))
	w.Write(resp)
}

// spans lists every span received.
func (r *receiver) spans() []ptrace.Span {
	r.mu.Lock()
	defer r.mu.Unlock()
	return allSpans(r.traces...)
}

func allSpans(tds ...ptrace.Traces) []ptrace.Span {
	var out []ptrace.Span
	for _, td := range tds {
		for i := 0; i < td.ResourceSpans().Len(); i++ {
			sss := td.ResourceSpans().At(i).ScopeSpans()
			for j := 0; j < sss.Len(); j++ {
				spans := sss.At(j).Spans()
				for k := 0; k < spans.Len(); k++ {
					out = append(out, spans.At(k))
				}
			}
		}
	}
	return out
}

func sendTo(t *testing.T, url, protocol string, batch int, paths ...string) error {
	t.Helper()
	e, err := ResolveEndpoint(url, protocol, []string{"Authorization=Bearer%20t0ken"}, func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	e.Backoff = time.Millisecond
	std, _, _ := term.Test("")
	return ToOTLP(OTLPOptions{IO: std, Sources: sources(t, paths...), Endpoint: e, BatchSpans: batch})
}

// logRun is what a test reads of a run straight from its log.
type logRun struct {
	model string
	calls map[string]string // tool call id -> tool name
}

// readRuns reads the runs of a log with encoding/json: runId -> run.
func readRuns(t *testing.T, path string) map[string]*logRun {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	runs := make(map[string]*logRun)
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var ev struct{ Type, RunID, ID, Name, Model string }
		if json.Unmarshal(sc.Bytes(), &ev) != nil || ev.RunID == "" {
			continue
		}
		r := runs[ev.RunID]
		if r == nil {
			r = &logRun{calls: make(map[string]string)}
			runs[ev.RunID] = r
		}
		switch ev.Type {
		case "run_start":
			r.model = ev.Model
		case "tool_call", "permission_request", "permission_decision", "tool_result":
			if ev.Name != "" || r.calls[ev.ID] == "" {
				r.calls[ev.ID] = ev.Name
			}
		}
	}
	return runs
}

func str(m pcommon.Map, key string) string {
	v, ok := m.Get(key)
	if !ok {
		return ""
	}
	return v.AsString()
}

func TestOTLPSpansMatchTheLogs(t *testing.T) {
	logs := []string{filepath.Join(logsDir, "v2", "run.jsonl"), filepath.Join(logsDir, "v2", "interleaved.jsonl"), filepath.Join(logsDir, "v2", "failed.jsonl")}
	want := make(map[string]*logRun)
	for _, l := range logs {
		for id, r := range readRuns(t, l) {
			want[id] = r
		}
	}
	for _, protocol := range Protocols {
		t.Run(protocol, func(t *testing.T) {
			rec, url := newReceiver(t)
			if err := sendTo(t, url, protocol, 4, logs...); err != nil {
				t.Fatal(err)
			}
			if len(rec.traces) < 2 {
				t.Errorf("%d batches; with 4 spans a batch, want several", len(rec.traces))
			}
			if got := rec.headers[0].Get("Authorization"); got != "Bearer t0ken" {
				t.Errorf("Authorization header %q", got)
			}
			roots := make(map[pcommon.TraceID]ptrace.Span)
			spans := rec.spans()
			for _, s := range spans {
				if s.ParentSpanID().IsEmpty() {
					if _, dup := roots[s.TraceID()]; dup {
						t.Errorf("two roots in trace %s", s.TraceID())
					}
					roots[s.TraceID()] = s
				}
			}
			if len(roots) != len(want) {
				t.Fatalf("%d traces, the logs have %d runs", len(roots), len(want))
			}
			tools := make(map[pcommon.TraceID]map[string]string)
			for _, root := range roots {
				a := root.Attributes()
				id := str(a, "zero.run.id")
				w := want[id]
				if w == nil {
					t.Errorf("a trace for run %q, not in the logs", id)
					continue
				}
				if root.Name() != "invoke_agent" || str(a, "gen_ai.operation.name") != "invoke_agent" || str(a, "gen_ai.request.model") != w.model {
					t.Errorf("root of %s: name %q, operation %q, model %q (want %q)", id, root.Name(), str(a, "gen_ai.operation.name"), str(a, "gen_ai.request.model"), w.model)
				}
				if root.TraceID() != traceID(id) {
					t.Errorf("run %s: trace id %s, not derived from the run id", id, root.TraceID())
				}
				if str(a, AttrSyntheticTime) != "true" {
					t.Errorf("run %s: times not flagged synthetic", id)
				}
				tools[root.TraceID()] = make(map[string]string)
			}
			for _, s := range spans {
				if s.ParentSpanID().IsEmpty() {
					continue
				}
				root, ok := roots[s.TraceID()]
				if !ok || s.ParentSpanID() != root.SpanID() {
					t.Errorf("span %q: parent %s is not its trace's root", s.Name(), s.ParentSpanID())
					continue
				}
				a := s.Attributes()
				name := str(a, "gen_ai.tool.name")
				if s.Name() != "execute_tool "+name || str(a, "gen_ai.operation.name") != "execute_tool" {
					t.Errorf("tool span named %q for tool %q", s.Name(), name)
				}
				if s.StartTimestamp() < root.StartTimestamp() || s.EndTimestamp() > root.EndTimestamp() {
					t.Errorf("span %q outside its root's time", s.Name())
				}
				tools[s.TraceID()][str(a, "gen_ai.tool.call.id")] = name
			}
			for _, root := range roots {
				id := str(root.Attributes(), "zero.run.id")
				got, w := tools[root.TraceID()], want[id].calls
				if len(got) != len(w) {
					t.Errorf("run %s: %d tool spans %v, the log has %d calls %v", id, len(got), got, len(w), w)
				}
				for call, name := range w {
					if got[call] != name {
						t.Errorf("run %s, call %s: span for tool %q, want %q", id, call, got[call], name)
					}
				}
			}
		})
	}
}

func TestOTLPPermissionsAndErrors(t *testing.T) {
	rec, url := newReceiver(t)
	if err := sendTo(t, url, ProtocolProtobuf, 0, filepath.Join(logsDir, "v2")); err != nil {
		t.Fatal(err)
	}
	byCall := make(map[string]ptrace.Span)
	var failed ptrace.Span
	for _, s := range rec.spans() {
		a := s.Attributes()
		if s.ParentSpanID().IsEmpty() {
			if str(a, "zero.run.id") == "run_20260603_def456" {
				failed = s
			}
			continue
		}
		byCall[str(a, "zero.run.id")+str(a, "gen_ai.tool.call.id")] = s
	}
	// call_5 of run.jsonl: asked, no one to answer, blocked by the sandbox.
	denied := byCall["call_5"]
	if a := denied.Attributes(); str(a, "zero.permission.denied") != "true" || str(a, "error.type") != "permission_denied" ||
		str(a, "zero.block.code") != "network" || str(a, "zero.permission.requested") != "true" || denied.Status().Code() != ptrace.StatusCodeError {
		t.Errorf("denied call: status %v, attributes %v", denied.Status().Code(), a.AsRaw())
	}
	granted := byCall["call_3"]
	if a := granted.Attributes(); str(a, "zero.permission.granted") != "true" || granted.Status().Code() != ptrace.StatusCodeOk {
		t.Errorf("granted call: status %v, attributes %v", granted.Status().Code(), a.AsRaw())
	}
	if failed.Status().Code() != ptrace.StatusCodeError || str(failed.Attributes(), "error.type") == "" {
		t.Errorf("failed run: status %v, attributes %v", failed.Status().Code(), failed.Attributes().AsRaw())
	}
	exceptions := 0
	for i := 0; i < failed.Events().Len(); i++ {
		if failed.Events().At(i).Name() == "exception" {
			exceptions++
		}
	}
	if exceptions == 0 {
		t.Error("failed run: no exception event")
	}
}

func TestOTLPRetriesOn503(t *testing.T) {
	rec, url := newReceiver(t, http.StatusServiceUnavailable, http.StatusTooManyRequests)
	if err := sendTo(t, url, ProtocolProtobuf, 0, filepath.Join(logsDir, "v2", "run.jsonl")); err != nil {
		t.Fatalf("after 503 and 429: %v", err)
	}
	if rec.requests != 3 || len(rec.spans()) != 6 {
		t.Errorf("%d requests, %d spans; want 3 requests (2 refused) and 6 spans", rec.requests, len(rec.spans()))
	}
}

func TestOTLPStopsOn401(t *testing.T) {
	rec, url := newReceiver(t, http.StatusUnauthorized)
	err := sendTo(t, url, ProtocolJSON, 0, filepath.Join(logsDir, "v2", "run.jsonl"))
	var refused *RefusedError
	if !errors.As(err, &refused) || !strings.Contains(err.Error(), "401") || !strings.Contains(err.Error(), "authentication") {
		t.Fatalf("error %v, want the endpoint's refusal (401) and a hint on authentication", err)
	}
	if rec.requests != 1 {
		t.Errorf("%d requests: a 401 is not retried", rec.requests)
	}
}

func TestOTLPPartialSuccessIsAWarning(t *testing.T) {
	for _, protocol := range Protocols {
		rec, url := newReceiver(t)
		rec.rejected = 2
		e, _ := ResolveEndpoint(url, protocol, nil, func(string) string { return "" })
		std, _, stderr := term.Test("")
		err := ToOTLP(OTLPOptions{IO: std, Sources: sources(t, filepath.Join(logsDir, "v2", "run.jsonl")), Endpoint: e})
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(stderr.String(), "rejected 2 spans of a batch: spans too old") ||
			!strings.Contains(stderr.String(), "the endpoint rejected 2 of the spans") {
			t.Errorf("%s: stderr %q, want the rejected spans reported", protocol, stderr)
		}
	}
}

func TestOTLPJSONFileAndTiming(t *testing.T) {
	dir := t.TempDir()
	log := filepath.Join(dir, "fixture.jsonl")
	data, _ := os.ReadFile(filepath.Join(logsDir, "v2", "failed.jsonl"))
	os.WriteFile(log, data, 0o644)
	lines := strings.Count(string(data), "\n")
	var timing strings.Builder // a line every 250 ms
	for i := range lines {
		timing.WriteString(strconv.Itoa(i*250) + ".000\n")
	}
	os.WriteFile(log+".timing", []byte(timing.String()), 0o644)
	end := time.Date(2026, 6, 3, 10, 15, 0, 0, time.UTC)
	os.Chtimes(log+".timing", end, end)

	out := filepath.Join(dir, "traces.jsonl")
	std, _, _ := term.Test("")
	if err := ToOTLP(OTLPOptions{IO: std, Sources: sources(t, log), File: out}); err != nil {
		t.Fatal(err)
	}
	f, _ := os.ReadFile(out)
	var u ptrace.JSONUnmarshaler
	var spans []ptrace.Span
	for _, line := range strings.Split(strings.TrimSpace(string(f)), "\n") {
		td, err := u.UnmarshalTraces([]byte(line))
		if err != nil {
			t.Fatalf("line %q: %v", line, err)
		}
		spans = append(spans, allSpans(td)...)
	}
	if len(spans) != 2 {
		t.Fatalf("%d spans, want a root and a tool call", len(spans))
	}
	start := end.Add(-time.Duration((lines-1)*250) * time.Millisecond)
	for _, s := range spans {
		if str(s.Attributes(), AttrTimeSource) != "timing" || str(s.Attributes(), AttrSyntheticTime) != "" {
			t.Errorf("span %q: times not from the timing file", s.Name())
		}
	}
	root := spans[0]
	if got := root.StartTimestamp().AsTime(); !got.Equal(start) {
		t.Errorf("root starts at %v, want %v (the timing file's start)", got, start)
	}
	if got := root.EndTimestamp().AsTime(); !got.Equal(end) {
		t.Errorf("root ends at %v, want %v", got, end)
	}
}
