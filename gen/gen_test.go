package gen

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"testing"
)

// combos are the option sets the determinism and coverage tests walk.
func combos() []Options {
	var out []Options
	for _, p := range Profiles {
		for _, v := range []int{1, 2} {
			out = append(out,
				Options{Profile: p, SchemaVersion: v},
				Options{Profile: p, SchemaVersion: v, Secrets: true, Faults: true})
		}
	}
	return append(out, Options{Input: true}, Options{Input: true, Secrets: true})
}

func name(o Options) string {
	return fmt.Sprintf("%s/v%d/input=%t/secrets=%t/faults=%t", o.Profile, o.SchemaVersion, o.Input, o.Secrets, o.Faults)
}

func TestSameSeedSameBytes(t *testing.T) {
	for _, opts := range combos() {
		t.Run(name(opts), func(t *testing.T) {
			opts.Seed, opts.Runs = 42, 4
			a, b := generate(t, opts), generate(t, opts)
			if !bytes.Equal(a, b) {
				t.Fatalf("two writes with seed 42 differ (%d and %d bytes)", len(a), len(b))
			}
			opts.Seed = 43
			if c := generate(t, opts); bytes.Equal(a, c) {
				t.Fatal("seeds 42 and 43 gave the same bytes")
			}
		})
	}
}

// event is a decoded output line.
type event map[string]any

func decode(t *testing.T, data []byte) []event {
	t.Helper()
	var events []event
	for i, l := range lines(data) {
		var e event
		if err := json.Unmarshal(l, &e); err != nil {
			t.Fatalf("line %d is not a JSON object: %v", i+1, err)
		}
		events = append(events, e)
	}
	return events
}

// features names what a set of events shows, for coverage checks.
func features(events []event) map[string]bool {
	f := map[string]bool{}
	called := map[string]bool{}  // runId/id of tool calls
	decided := map[string]bool{} // runId/id of permission decisions
	lastRun, runs := "", map[string]bool{}
	for _, e := range events {
		typ, _ := e["type"].(string)
		run, _ := e["runId"].(string)
		key := run + "/" + fmt.Sprint(e["id"])
		f["type:"+typ] = true
		for k := range e {
			f[typ+"."+k] = true
		}
		if run != lastRun && runs[run] {
			f["interleaved"] = true
		}
		lastRun, runs[run] = run, true
		switch typ {
		case "tool_call":
			called[key] = true
			f["sideEffect:"+fmt.Sprint(e["sideEffect"])] = true
			if _, ok := e["args"].(map[string]any); ok {
				f["args object"] = true
			}
		case "permission_decision":
			decided[key] = true
			f[fmt.Sprint("granted:", e["permissionGranted"])] = true
		case "tool_result":
			f[fmt.Sprint("status:", e["status"], " truncated:", e["truncated"])] = true
			if !called[key] && !decided[key] {
				f["headless denial"] = true
			}
		case "error":
			f[fmt.Sprint("recoverable:", e["recoverable"])] = true
		case "run_end":
			f[fmt.Sprint("status:", e["status"])] = true
		}
		for _, k := range []string{"block", "violation"} {
			if b, ok := e[k].(map[string]any); ok {
				for bk := range b {
					f[k+"."+bk] = true
				}
			}
		}
	}
	return f
}

// protocolFeatures are the features of every default set of runs.
func protocolFeatures() []string {
	want := []string{
		"run_start.sessionId", "run_start.apiModel",
		"tool_call.args", "args object", "tool_call.block",
		"sideEffect:read", "sideEffect:write", "sideEffect:shell", "sideEffect:network", "sideEffect:unknown",
		"permission_request.risk", "permission_request.block", "permission_decision.block",
		"granted:true", "granted:false", "headless denial",
		"status:ok truncated:false", "status:ok truncated:true", "status:error truncated:false",
		"usage.costUsd", "usage.cachedInputTokens", "usage.cacheWriteTokens", "usage.reasoningTokens",
		"recoverable:true", "recoverable:false", "status:success", "status:error",
		"block.code", "block.toolName", "block.action", "block.risk", "block.reason", "block.recoverable",
	}
	for _, typ := range EventTypes() {
		want = append(want, "type:"+typ)
	}
	return want
}

// A default set of ten runs shows every event type and every shape the
// protocol allows, in each profile and version, whatever the seed.
func TestDefaultRunsCoverTheProtocol(t *testing.T) {
	want := protocolFeatures()
	for _, profile := range Profiles {
		for _, version := range []int{1, 2} {
			for seed := int64(0); seed < 5; seed++ {
				t.Run(fmt.Sprintf("%s/v%d/seed%d", profile, version, seed), func(t *testing.T) {
					events := decode(t, generate(t, Options{Profile: profile, SchemaVersion: version, Seed: seed}))
					for _, e := range events {
						if e["schemaVersion"] != float64(version) {
							t.Fatalf("event with schemaVersion %v in a v%d log", e["schemaVersion"], version)
						}
					}
					f := features(events)
					wantHere := slices.Clone(want)
					if profile == Mixed {
						wantHere = append(wantHere, "interleaved")
					}
					for _, w := range wantHere {
						if version == 1 {
							w = replaceBlock(w)
						}
						if !f[w] {
							t.Errorf("no %s", w)
						}
					}
					other := "violation"
					if version == 1 {
						other = "block"
					}
					for k := range f {
						if bytes.Contains([]byte(k), []byte(other)) {
							t.Errorf("%s in a v%d log", k, version)
						}
					}
				})
			}
		}
	}
}

// replaceBlock turns a feature name of version 2 into its version 1 name.
func replaceBlock(s string) string {
	return string(bytes.ReplaceAll([]byte(s), []byte("block"), []byte("violation")))
}

func TestRunsIsTheNumberOfRuns(t *testing.T) {
	for _, profile := range Profiles {
		for _, runs := range []int{1, 2, 3, 7} {
			t.Run(fmt.Sprintf("%s/%d", profile, runs), func(t *testing.T) {
				f := 0
				for _, e := range decode(t, generate(t, Options{Profile: profile, Runs: runs, Seed: 3})) {
					if e["type"] == "run_start" {
						f++
					}
				}
				if f != runs {
					t.Errorf("%d runs, want %d", f, runs)
				}
			})
		}
	}
}

// Size is reached, then only the runs under way are finished, so the
// output overshoots by less than one or two runs.
func TestSizeIsHonoured(t *testing.T) {
	maxRun := map[Profile]int{OutputHeavy: 24 << 20, Chatty: 1 << 20, Mixed: 4 << 20}
	for _, profile := range Profiles {
		for _, size := range []int{1, 200 << 10, 3 << 20} {
			t.Run(fmt.Sprintf("%s/%d", profile, size), func(t *testing.T) {
				out := generate(t, Options{Profile: profile, Size: int64(size), Runs: 1000, Seed: 9})
				if len(out) < size || len(out) > size+maxRun[profile] {
					t.Errorf("wrote %d bytes for size %d", len(out), size)
				}
				if !bytes.HasSuffix(out, []byte("}\n")) {
					t.Error("output does not end with a whole event")
				}
			})
		}
	}
}

func TestBadOptions(t *testing.T) {
	for _, tc := range []struct {
		name string
		opts Options
	}{
		{"version 3", Options{SchemaVersion: 3}},
		{"unknown profile", Options{Profile: "verbose"}},
		{"negative runs", Options{Runs: -1}},
		{"negative size", Options{Size: -5}},
		{"faults in input", Options{Input: true, Faults: true}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := Write(&buf, tc.opts); err == nil {
				t.Error("no error")
			}
			if buf.Len() != 0 {
				t.Error("wrote output despite the error")
			}
		})
	}
}
