package usage

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fatih/color"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// golden compares got with testdata/name, or rewrites it with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs (go test -update rewrites it):\n%s", name, firstDifference(got, want))
	}
}

func TestReportGolden(t *testing.T) {
	prices, err := LoadPrices(strings.NewReader(litellmPrices))
	if err != nil {
		t.Fatal(err)
	}
	logs := append(fixtures(t, "v2/*.jsonl"), fixtures(t, "v1/*.jsonl")...)
	byModelDay := ReportOptions{By: []Dimension{ByModel, ByDay}}
	priced := ReportOptions{By: []Dimension{ByProvider}, Priced: true}
	for _, tc := range []struct {
		name   string
		opts   ReportOptions
		prices *Prices
		format Format
		style  Style
	}{
		{"usage.table", ReportOptions{}, nil, Table, Style{}},
		{"usage.by-model-day.table", byModelDay, nil, Table, Style{}},
		{"usage.by-model-day.tty.table", byModelDay, nil, Table, Style{Color: true, Separators: true}},
		{"usage.priced.table", priced, prices, Table, Style{}},
		{"usage.by-model-day.csv", byModelDay, nil, CSV, Style{}},
		{"usage.by-model-day.tsv", byModelDay, nil, TSV, Style{}},
		{"usage.by-model-day.json", byModelDay, nil, JSON, Style{}},
		{"usage.priced.json", priced, prices, JSON, Style{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			defer setColor(tc.style.Color)()
			var b bytes.Buffer
			if err := WriteReport(&b, report(t, tc.opts, Options{}, tc.prices, logs...), tc.format, tc.style); err != nil {
				t.Fatal(err)
			}
			golden(t, tc.name+".golden", b.Bytes())
			checkWellFormed(t, tc.format, b.Bytes())
		})
	}
}

func TestRunsGolden(t *testing.T) {
	runs, _ := collect(t, Options{Details: true}, fixtures(t, "v2/*.jsonl")...)
	for _, tc := range []struct {
		name   string
		format Format
		style  Style
	}{
		{"runs.table", Table, Style{}},
		{"runs.tty.table", Table, Style{Color: true, Separators: true}},
		{"runs.csv", CSV, Style{}},
		{"runs.tsv", TSV, Style{}},
		{"runs.json", JSON, Style{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			defer setColor(tc.style.Color)()
			var b bytes.Buffer
			if err := WriteRuns(&b, runs, tc.format, tc.style); err != nil {
				t.Fatal(err)
			}
			golden(t, tc.name+".golden", b.Bytes())
			checkWellFormed(t, tc.format, b.Bytes())
		})
	}
}

// setColor switches fatih/color on or off (it decides from os.Stdout at
// init otherwise) and returns the undo.
func setColor(on bool) func() {
	old := color.NoColor
	color.NoColor = !on
	return func() { color.NoColor = old }
}

// checkWellFormed parses the output back: csv and tsv rows all have the
// header's width, json parses, a plain table has no escape codes.
func checkWellFormed(t *testing.T, format Format, out []byte) {
	t.Helper()
	switch format {
	case CSV:
		if _, err := csv.NewReader(bytes.NewReader(out)).ReadAll(); err != nil {
			t.Errorf("csv: %v", err)
		}
	case TSV:
		rows := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
		for i, row := range rows {
			if strings.Count(row, "\t") != strings.Count(rows[0], "\t") {
				t.Errorf("tsv row %d has %d fields, header %d", i, strings.Count(row, "\t")+1, strings.Count(rows[0], "\t")+1)
			}
		}
	case JSON:
		dec := json.NewDecoder(bytes.NewReader(out))
		for dec.More() {
			var v any
			if err := dec.Decode(&v); err != nil {
				t.Errorf("json: %v", err)
				return
			}
		}
	}
}

func TestGroupThousands(t *testing.T) {
	for in, want := range map[string]string{
		"0": "0", "999": "999", "1000": "1,000", "11703": "11,703", "1234567": "1,234,567",
		"102.4408": "102.4408", "1234.5678": "1,234.5678", "-": "-", "unknown": "unknown",
	} {
		if got := groupThousands(in); got != want {
			t.Errorf("groupThousands(%s) = %s, want %s", in, got, want)
		}
	}
}

func TestTSVEscapes(t *testing.T) {
	var b bytes.Buffer
	if err := writeDelimited(&b, TSV, []string{"a", "b"}, [][]string{{"x\ty", `c:\dir` + "\nz"}}); err != nil {
		t.Fatal(err)
	}
	if want := "a\tb\nx\\ty\tc:\\\\dir\\nz\n"; b.String() != want {
		t.Errorf("got %q, want %q", b.String(), want)
	}
}
