package input

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// makeTree creates files (path -> content; a path ending in "/" is a
// directory) and symlinks (path -> target) under the current directory.
func makeTree(t *testing.T, files []string, links map[string]string) {
	t.Helper()
	for _, f := range files {
		if dir, ok := strings.CutSuffix(f, "/"); ok {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := os.MkdirAll(filepath.Dir(f), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(f, []byte("{}\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for link, target := range links {
		if err := os.Symlink(target, link); err != nil {
			t.Fatal(err)
		}
	}
}

func TestExpand(t *testing.T) {
	t.Chdir(t.TempDir())
	makeTree(t, []string{
		"logs/b.ndjson",
		"logs/a.jsonl",
		"logs/c.jsonl.gz",
		"logs/d.ndjson.zst",
		"logs/e.json",
		"logs/f.txt",
		"logs/g.gz",
		"logs/h.jsonl.bz2",
		"logs/jsonl",
		"logs/m.jsonl",
		"logs/m/z.jsonl",
		"logs/nested/deeper/x.jsonl",
		"logs/nested/y.ndjson",
		"logs/empty/",
		"other/o.jsonl",
	}, map[string]string{
		"logs/link-file.jsonl": "a.jsonl",
		"logs/link-dir":        "nested",
		"logs/dangling.jsonl":  "nowhere.jsonl",
		"file-link":            "logs/e.json",
		"dir-link":             "other",
	})

	stdin := Source{Name: "<stdin>", Explicit: true}
	found := func(p string) Source { return Source{Name: p, Path: p} }
	named := func(p string) Source { return Source{Name: p, Path: p, Explicit: true} }
	walkedLogs := []Source{
		found("logs/a.jsonl"),
		found("logs/b.ndjson"),
		found("logs/c.jsonl.gz"),
		found("logs/d.ndjson.zst"),
		found("logs/m/z.jsonl"), // "m" sorts before "m.jsonl"
		found("logs/m.jsonl"),
		found("logs/nested/deeper/x.jsonl"),
		found("logs/nested/y.ndjson"),
	}

	for _, tc := range []struct {
		name     string
		args     []string
		want     []Source
		wantErrs []string // substrings, one per error
	}{
		{name: "no args is stdin", args: nil, want: []Source{stdin}},
		{name: "dash is stdin", args: []string{"-"}, want: []Source{stdin}},
		{
			name:     "dash twice",
			args:     []string{"-", "logs/a.jsonl", "-"},
			want:     []Source{stdin, named("logs/a.jsonl")},
			wantErrs: []string{"stdin can be read only once"},
		},
		{name: "directory walked in order", args: []string{"logs"}, want: walkedLogs},
		{
			name: "trailing slash",
			args: []string{"other/"},
			want: []Source{found("other/o.jsonl")},
		},
		{
			name: "explicit files taken whatever their name",
			args: []string{"logs/f.txt", "logs/g.gz", "logs/a.jsonl"},
			want: []Source{named("logs/f.txt"), named("logs/g.gz"), named("logs/a.jsonl")},
		},
		{
			name: "explicit symlinks followed",
			args: []string{"file-link", "dir-link", "logs/link-file.jsonl"},
			want: []Source{named("file-link"), found("dir-link/o.jsonl"), named("logs/link-file.jsonl")},
		},
		{name: "empty directory", args: []string{"logs/empty"}, want: nil},
		{
			name:     "missing path reported, others kept",
			args:     []string{"other", "missing.jsonl", "logs/a.jsonl"},
			want:     []Source{found("other/o.jsonl"), named("logs/a.jsonl")},
			wantErrs: []string{"open missing.jsonl: no such file or directory"},
		},
		{
			name: "file named directly and through its folder: first kept",
			args: []string{"other/o.jsonl", "other/"},
			want: []Source{named("other/o.jsonl")},
		},
		{
			name: "folder then a file in it",
			args: []string{"other", "./other/o.jsonl"},
			want: []Source{found("other/o.jsonl")},
		},
		{
			name: "same file under two spellings",
			args: []string{"./logs/a.jsonl", "logs/a.jsonl", "logs//a.jsonl"},
			want: []Source{named("./logs/a.jsonl")},
		},
		{
			name: "symlink named explicitly and its target",
			args: []string{"logs/link-file.jsonl", "logs/a.jsonl"},
			want: []Source{named("logs/link-file.jsonl")},
		},
		{
			name: "folder through a symlink and directly",
			args: []string{"dir-link", "other"},
			want: []Source{found("dir-link/o.jsonl")},
		},
		{
			name: "folder twice, and a nested folder",
			args: []string{"logs/nested", "logs/nested/deeper", "logs/nested"},
			want: []Source{found("logs/nested/deeper/x.jsonl"), found("logs/nested/y.ndjson")},
		},
		{
			name:     "dangling symlink named explicitly",
			args:     []string{"logs/dangling.jsonl"},
			wantErrs: []string{"open logs/dangling.jsonl: no such file or directory"},
		},
		{
			name:     "not a directory on the way",
			args:     []string{"logs/a.jsonl/x"},
			wantErrs: []string{"open logs/a.jsonl/x: not a directory"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, errs := Expand(tc.args)
			if !equalSources(got, tc.want) {
				t.Errorf("sources:\n got %+v\nwant %+v", got, tc.want)
			}
			if len(errs) != len(tc.wantErrs) {
				t.Fatalf("errors = %v, want %d matching %q", errs, len(tc.wantErrs), tc.wantErrs)
			}
			for i, err := range errs {
				if !strings.Contains(err.Error(), tc.wantErrs[i]) {
					t.Errorf("error %d = %q, want it to contain %q", i, err, tc.wantErrs[i])
				}
			}
		})
	}
}

func equalSources(a, b []Source) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestExpandUnreadableDirectory(t *testing.T) {
	t.Chdir(t.TempDir())
	makeTree(t, []string{"logs/a.jsonl", "logs/locked/b.jsonl", "logs/z.jsonl"}, nil)
	if err := os.Chmod("logs/locked", 0); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod("logs/locked", 0o755) })
	if _, err := os.ReadDir("logs/locked"); err == nil {
		t.Skip("permissions do not stop this user (root?) from reading the directory")
	}
	got, errs := Expand([]string{"logs"})
	want := []Source{{Name: "logs/a.jsonl", Path: "logs/a.jsonl"}, {Name: "logs/z.jsonl", Path: "logs/z.jsonl"}}
	if !equalSources(got, want) {
		t.Errorf("sources = %+v, want %+v", got, want)
	}
	if len(errs) != 1 || !strings.Contains(errs[0].Error(), "logs/locked") {
		t.Errorf("errors = %v, want one naming logs/locked", errs)
	}
}

func TestIsLogName(t *testing.T) {
	for _, tc := range []struct {
		name string
		want bool
	}{
		{"a.jsonl", true},
		{"a.ndjson", true},
		{"a.jsonl.gz", true},
		{"a.ndjson.zst", true},
		{".jsonl", true},
		{"a.json", false},
		{"a.gz", false},
		{"a.zst", false},
		{"a.jsonl.gz.gz", false},
		{"a.jsonl.bz2", false},
		{"a.jsonl.txt", false},
		{"jsonl", false},
		{"a.JSONL", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := IsLogName(tc.name); got != tc.want {
				t.Errorf("IsLogName(%q) = %v, want %v", tc.name, got, tc.want)
			}
		})
	}
}

func TestSourceIsStdin(t *testing.T) {
	if !(Source{Name: "<stdin>"}).IsStdin() {
		t.Error("a source without a path is not stdin")
	}
	if (Source{Name: "a.jsonl", Path: "a.jsonl"}).IsStdin() {
		t.Error("a source with a path is stdin")
	}
}

func TestExpandHardLinkOnce(t *testing.T) {
	t.Chdir(t.TempDir())
	makeTree(t, []string{"logs/a.jsonl"}, nil)
	if err := os.Link("logs/a.jsonl", "logs/b.jsonl"); err != nil {
		t.Skip("no hard links here:", err)
	}
	got, errs := Expand([]string{"logs"})
	want := []Source{{Name: "logs/a.jsonl", Path: "logs/a.jsonl"}}
	if !equalSources(got, want) || len(errs) != 0 {
		t.Errorf("Expand = %+v, %v; want %+v (one file, two names)", got, errs, want)
	}
}
