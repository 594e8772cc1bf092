package export

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/zsj-dev/zsj/internal/exitcode"
	"github.com/zsj-dev/zsj/internal/term"
	"github.com/zsj-dev/zsj/usage"
)

const (
	duckdbDir         = "../testdata/duckdb"
	duckdbRequiredEnv = "ZSJ_REQUIRE_DUCKDB" // CI sets it to 1 so a missing DuckDB fails instead of skipping
)

// TestDuckDBReadsTheExport queries the export with DuckDB: its counts of
// runs, tokens by model and denied tool calls must be what zsj runs and
// zsj usage say of the same logs, and a query of one day must read one
// partition's file only.
func TestDuckDBReadsTheExport(t *testing.T) {
	node := requireDuckDB(t)
	paths := []string{logsDir, multiDay(t, "20260601", "20260602")}
	dir := exportTo(t, ParquetOptions{}, paths...)

	cmd := exec.Command(node, filepath.Join(duckdbDir, "query.mjs"), dir, "2026-06-01")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node query.mjs: %v\n%s", err, stderr.Bytes())
	}
	var got struct {
		Runs          string            `json:"runs"`
		Counted       string            `json:"counted"`
		TokensByModel map[string]string `json:"tokensByModel"`
		DeniedByRun   map[string]string `json:"deniedByRun"`
		FilesRead     string            `json:"filesRead"`
		Partitions    string            `json:"partitions"`
	}
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("query.mjs printed %s: %v", out, err)
	}

	runs := listRuns(t, paths...)
	if want := fmt.Sprint(len(runs)); got.Runs != want {
		t.Errorf("DuckDB counts %s runs, zsj runs lists %s", got.Runs, want)
	}
	denied := make(map[string]int64)
	withDenials := 0
	for _, r := range runs {
		denied[r.File+" "+r.RunID] += r.Denied
		if r.Denied > 0 {
			withDenials++
		}
	}
	if withDenials == 0 {
		t.Fatal("no run with a denial in the logs: the test would prove nothing")
	}
	for run, n := range denied {
		if d := got.DeniedByRun[run]; fmt.Sprint(n) != d && !(n == 0 && d == "") {
			t.Errorf("%s: DuckDB counts %q denied tool calls, zsj runs %d", run, d, n)
		}
	}
	for run := range got.DeniedByRun {
		if _, ok := denied[run]; !ok {
			t.Errorf("%s: in DuckDB's tool_calls, not in zsj runs", run)
		}
	}

	counted, byModel := usageByModel(t, paths...)
	if got.Counted != counted {
		t.Errorf("DuckDB counts %s runs not duplicate, zsj usage %s", got.Counted, counted)
	}
	if len(got.TokensByModel) != len(byModel) {
		t.Errorf("DuckDB has tokens for models %v, zsj usage %v", got.TokensByModel, byModel)
	}
	for model, want := range byModel {
		if got.TokensByModel[model] != want {
			t.Errorf("model %s: DuckDB sums %q tokens, zsj usage %s", model, got.TokensByModel[model], want)
		}
	}

	if got.FilesRead != "1" {
		t.Errorf("a query of one day read %s files, want 1 (partition pruning)", got.FilesRead)
	}
	if n, _ := strconv.Atoi(got.Partitions); n < 3 {
		t.Errorf("%s day partitions, want 3 or more", got.Partitions)
	}
}

// usageByModel runs zsj usage --by model --format json.
func usageByModel(t *testing.T, paths ...string) (runs string, tokens map[string]string) {
	t.Helper()
	std, stdout, _ := term.Test("")
	opts := usage.SumOptions{IO: std, Sources: sources(t, paths...), Format: usage.JSON}
	opts.Report.By = []usage.Dimension{"model"}
	if err := usage.Sum(opts); err != nil && exitcode.Of(err) != exitcode.Failure {
		t.Fatal(err)
	}
	var rep struct {
		Totals struct {
			Runs json.Number `json:"runs"`
		} `json:"totals"`
		Groups []struct {
			Key         map[string]string `json:"key"`
			TotalTokens json.Number       `json:"totalTokens"`
		} `json:"groups"`
	}
	dec := json.NewDecoder(stdout)
	dec.UseNumber()
	if err := dec.Decode(&rep); err != nil {
		t.Fatal(err)
	}
	tokens = make(map[string]string)
	for _, g := range rep.Groups {
		tokens[g.Key["model"]] = g.TotalTokens.String()
	}
	return rep.Totals.Runs.String(), tokens
}

// requireDuckDB finds node and the installed DuckDB package, or skips the
// test; with ZSJ_REQUIRE_DUCKDB=1 a missing piece fails it instead.
func requireDuckDB(t *testing.T) string {
	t.Helper()
	missing := func(format string, args ...any) {
		msg := fmt.Sprintf(format, args...)
		if os.Getenv(duckdbRequiredEnv) == "1" {
			t.Fatalf("%s (%s=1)", msg, duckdbRequiredEnv)
		}
		t.Skip(msg)
	}
	node, err := exec.LookPath("node")
	if err != nil {
		missing("node is not installed: the DuckDB test needs Node.js")
	}
	if _, err := os.Stat(filepath.Join(duckdbDir, "node_modules", "@duckdb", "node-api")); err != nil {
		missing("DuckDB is not installed in %s: run npm ci --prefix testdata/duckdb", duckdbDir)
	}
	return node
}
