package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// module is a module as `go mod download -json` describes it.
type module struct {
	Path    string
	Version string
	Dir     string
	Error   string
}

// locateModule finds the version of path that go.mod selects, and its
// source in the module cache (downloaded if need be).
func locateModule(path string) (module, error) {
	var m module
	cmd := exec.Command("go", "mod", "download", "-json", path)
	cmd.Stderr = os.Stderr
	b, err := cmd.Output()
	if jerr := json.Unmarshal(b, &m); jerr != nil && err == nil {
		err = jerr
	}
	if err != nil {
		return m, fmt.Errorf("go mod download %s: %v", path, err)
	}
	if m.Error != "" || m.Dir == "" {
		return m, fmt.Errorf("go mod download %s: %s", path, m.Error)
	}
	return m, nil
}

// copyModule copies the module's sources (not its tests or test data) to
// dst, writable, so that a few files can be swapped.
func copyModule(src, dst string) error {
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			if d.Name() == "testdata" {
				return filepath.SkipDir
			}
			return os.MkdirAll(target, 0o755)
		}
		if strings.HasSuffix(p, "_test.go") {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, b, 0o644)
	})
}

// renameFunc renames the top-level function name in a Go file to
// "upstream"+name, so that a function of ours can take its name. It fails
// when the declaration is not found exactly once: the copied package has
// changed shape and the swap must be looked at again.
func renameFunc(file, name string) error {
	b, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	decl := []byte("\nfunc " + name + "(")
	if n := bytes.Count(b, decl); n != 1 {
		return fmt.Errorf("%s: want one declaration of func %s, found %d", file, name, n)
	}
	b = bytes.Replace(b, decl, []byte("\nfunc upstream"+name+"("), 1)
	return os.WriteFile(file, b, 0o644)
}

// goCmd runs the go command in dir, its output going to stdout (nil: to
// our standard error).
func goCmd(dir string, stdout *bytes.Buffer, args ...string) error {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
	cmd.Stderr = os.Stderr
	if stdout != nil {
		cmd.Stdout = stdout
	} else {
		cmd.Stdout = os.Stderr
	}
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("go %s in %s: %v", strings.Join(args, " "), dir, err)
	}
	return nil
}
