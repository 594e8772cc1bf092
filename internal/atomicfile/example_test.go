package atomicfile_test

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/zsj-dev/zsj/internal/atomicfile"
)

// Rewriting a file in place, keeping the old one as a backup.
func ExampleWrite() {
	dir, err := os.MkdirTemp("", "atomicfile-example")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "run.jsonl")
	os.WriteFile(path, []byte(`{"schemaVersion":1}`+"\n"), 0o600)

	err = atomicfile.Write(path, atomicfile.Options{Backup: ".bak"}, func(w io.Writer) error {
		_, err := io.WriteString(w, `{"schemaVersion":2}`+"\n")
		return err
	})
	fmt.Println("error:", err)
	now, _ := os.ReadFile(path)
	old, _ := os.ReadFile(path + ".bak")
	fmt.Printf("now %s", now)
	fmt.Printf("backup %s", old)
	// Output:
	// error: <nil>
	// now {"schemaVersion":2}
	// backup {"schemaVersion":1}
}
