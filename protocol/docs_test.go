package protocol

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The code cites the rules by section of docs/PROTOCOL.md: every citation
// must name that path, so a reader can follow it from anywhere in the
// tree, and the file must be there.
func TestProtocolDocReferencesResolve(t *testing.T) {
	root := ".."
	if _, err := os.Stat(filepath.Join(root, "docs", "PROTOCOL.md")); err != nil {
		t.Fatal(err)
	}
	bare := regexp.MustCompile(`(^|[^/"])PROTOCOL\.md`)
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); name == ".git" || name == "node_modules" {
				return filepath.SkipDir
			}
			return nil
		}
		switch filepath.Ext(path) {
		case ".go", ".md", ".txtar", ".sh":
		default:
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for i, line := range strings.Split(string(data), "\n") {
			if bare.MatchString(line) {
				t.Errorf("%s:%d: cite docs/PROTOCOL.md by its path: %s", path, i+1, strings.TrimSpace(line))
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
