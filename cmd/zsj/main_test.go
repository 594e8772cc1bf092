package main

import (
	"compress/gzip"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"
	"github.com/rogpeppe/go-internal/testscript"

	"github.com/zsj-dev/zsj/internal/term"
)

var update = flag.Bool("update", false, "rewrite the expected output in testscript files")

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"zsj": func() { os.Exit(run(term.System(), os.Args[1:])) },
	})
}

// TestScripts runs the end-to-end scripts in testdata/script. $TESTDATA
// names the repository's shared fixtures.
func TestScripts(t *testing.T) {
	shared, err := filepath.Abs(filepath.Join("..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	testscript.Run(t, testscript.Params{
		Dir:                 filepath.Join("testdata", "script"),
		UpdateScripts:       *update,
		RequireExplicitExec: true,
		Setup: func(env *testscript.Env) error {
			env.Setenv("TESTDATA", shared)
			return nil
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"compress": cmdCompress,
			"bigline":  cmdBigLine,
			"jsondoc":  cmdJSONDoc,
		},
	})
}

// cmdCompress: compress gzip|zstd SRC DST
func cmdCompress(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 3 {
		ts.Fatalf("usage: compress gzip|zstd SRC DST")
	}
	data := []byte(ts.ReadFile(args[1]))
	out, err := os.Create(ts.MkAbs(args[2]))
	ts.Check(err)
	defer out.Close()
	switch args[0] {
	case "gzip":
		w := gzip.NewWriter(out)
		_, err = w.Write(data)
		ts.Check(err)
		ts.Check(w.Close())
	case "zstd":
		w, err := zstd.NewWriter(out)
		ts.Check(err)
		_, err = w.Write(data)
		ts.Check(err)
		ts.Check(w.Close())
	default:
		ts.Fatalf("unknown compression %q", args[0])
	}
}

// cmdJSONDoc: jsondoc FILE checks that FILE (or stdout) is one JSON
// document and nothing else, as a SARIF upload must be.
func cmdJSONDoc(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 1 {
		ts.Fatalf("usage: jsondoc FILE")
	}
	dec := json.NewDecoder(strings.NewReader(ts.ReadFile(args[0])))
	var doc any
	err := dec.Decode(&doc)
	if err == nil && dec.More() {
		err = fmt.Errorf("more than one JSON document")
	}
	if _, isObject := doc.(map[string]any); err == nil && !isObject {
		err = fmt.Errorf("not a JSON object")
	}
	switch {
	case err != nil && !neg:
		ts.Fatalf("%s: %v", args[0], err)
	case err == nil && neg:
		ts.Fatalf("%s is one JSON document", args[0])
	}
}

// cmdBigLine: bigline BYTES FILE writes a valid v2 run whose tool_result
// output is BYTES long, so one line is larger than any fixed buffer.
func cmdBigLine(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: bigline BYTES FILE")
	}
	n, err := strconv.Atoi(args[0])
	ts.Check(err)
	var b strings.Builder
	b.WriteString(`{"schemaVersion":2,"type":"run_start","runId":"run_big","cwd":"/repo","provider":"openai","model":"gpt-4.1"}` + "\n")
	b.WriteString(`{"schemaVersion":2,"type":"tool_call","runId":"run_big","id":"call_1","name":"bash","args":{"command":"cat big.log"}}` + "\n")
	b.WriteString(`{"schemaVersion":2,"type":"tool_result","runId":"run_big","id":"call_1","status":"ok","output":"`)
	line := "0123456789abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ\\n"
	for b.Len() < n {
		b.WriteString(line)
	}
	b.WriteString(`","truncated":false}` + "\n")
	b.WriteString(`{"schemaVersion":2,"type":"run_end","runId":"run_big","status":"success","exitCode":0}` + "\n")
	ts.Check(os.WriteFile(ts.MkAbs(args[1]), []byte(b.String()), 0o644))
	fmt.Fprintf(ts.Stdout(), "wrote %d bytes\n", b.Len())
}
