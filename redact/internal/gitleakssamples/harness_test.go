package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestRuleFuncs(t *testing.T) {
	src := `package main

func main() {
	configRules := []*config.Rule{
		rules.First(),
		rules.Second(),
		rules.First(),
	}
	other.NotARule()
	rules.WithArgs(1)
	_ = configRules
}
`
	f := filepath.Join(t.TempDir(), "main.go")
	if err := os.WriteFile(f, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := ruleFuncs(f)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"First", "Second"}; !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	if err := os.WriteFile(f, []byte("package main\n\nfunc main() {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ruleFuncs(f); err == nil {
		t.Error("no rule calls: want an error")
	}
}

func TestRenameFuncIn(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("a.go", "package utils\n\nfunc Validate(x int) {}\n\nfunc ValidateWithPaths(x int) {}\n")
	write("b.go", "package utils\n\nfunc helper() { Validate(1) }\n")
	if err := renameFuncIn(dir, "Validate"); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(filepath.Join(dir, "a.go"))
	if !strings.Contains(string(b), "\nfunc upstreamValidate(x int)") || !strings.Contains(string(b), "\nfunc ValidateWithPaths(") {
		t.Errorf("renamed wrongly:\n%s", b)
	}
	if err := renameFuncIn(dir, "Validate"); err == nil {
		t.Error("renaming a function no longer declared: want an error")
	}
	write("c.go", "package utils\n\nfunc ValidateWithPaths(x int) {}\n")
	if err := renameFuncIn(dir, "ValidateWithPaths"); err == nil {
		t.Error("function declared in two files: want an error")
	}
}

func TestNewDataFile(t *testing.T) {
	d := newDataFile("v1.2.3", "MIT License", 7, []recordedRule{
		{ID: "b", True: []recordedSample{{Sample: "z"}, {Sample: "y"}}},
		{ID: "a", False: []recordedSample{{Sample: "f"}}, PathOnly: true},
		{ID: "b", True: []recordedSample{{Sample: "x"}}, False: []recordedSample{{Sample: "g"}}},
	})
	var ids []string
	for _, r := range d.Rules {
		ids = append(ids, r.ID)
	}
	if !slices.Equal(ids, []string{"b", "a"}) {
		t.Fatalf("rules %v, want [b a]: one per id, in first-seen order", ids)
	}
	if d.Rules[0].PathOnly || !d.Rules[1].PathOnly {
		t.Errorf("pathOnly: b %v, a %v; want false, true", d.Rules[0].PathOnly, d.Rules[1].PathOnly)
	}
	var trues []string
	for _, s := range d.Rules[0].True {
		trues = append(trues, s.Sample)
	}
	if !slices.Equal(trues, []string{"x", "y", "z"}) || len(d.Rules[0].False) != 1 {
		t.Errorf("rule b: true %v, %d false; want [x y z] and 1", trues, len(d.Rules[0].False))
	}
	if d.count(true) != 3 || d.count(false) != 2 {
		t.Errorf("count: %d true, %d false; want 3 and 2", d.count(true), d.count(false))
	}
	if got := d.rulesWithoutSamples([]string{"a", "b", "c"}); !slices.Equal(got, []string{"a", "c"}) {
		t.Errorf("without true samples: %v, want [a c]", got)
	}
	if d.Version != "v1.2.3" || d.Seed != 7 || !strings.Contains(d.About, "MIT") || d.License != "MIT License" {
		t.Errorf("header: %+v", d)
	}
}
