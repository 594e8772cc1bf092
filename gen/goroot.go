package gen

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// GoRoot returns the root of the Go toolchain of this machine, the default
// content of realistic logs: $GOROOT when set; else the root above the go
// command on PATH when it holds the runtime's source (the usual install);
// else what `go env GOROOT` prints, for toolchains reached through shims.
// runtime.GOROOT is not used: it names the machine zsj was built on.
func GoRoot() (string, error) {
	if root := os.Getenv("GOROOT"); root != "" {
		return root, nil
	}
	goCmd, err := exec.LookPath("go")
	if err != nil {
		return "", errors.New("no --content given, and no go command on PATH to take GOROOT from; pass --content DIR")
	}
	if real, err := filepath.EvalSymlinks(goCmd); err == nil {
		root := filepath.Dir(filepath.Dir(real))
		if isGoRoot(root) {
			return root, nil
		}
	}
	cmd := exec.Command(goCmd, "env", "GOROOT")
	cmd.Env = append(os.Environ(), "GOTOOLCHAIN=local") // never download a toolchain for this
	out, err := cmd.Output()
	root := strings.TrimSpace(string(out))
	if err != nil || root == "" {
		why := "it printed nothing"
		var exit *exec.ExitError
		if errors.As(err, &exit) && len(bytes.TrimSpace(exit.Stderr)) > 0 {
			why, _, _ = strings.Cut(strings.TrimSpace(string(exit.Stderr)), "\n")
		} else if err != nil {
			why = err.Error()
		}
		return "", fmt.Errorf("no --content given, and `go env GOROOT` failed (%s); pass --content DIR", why)
	}
	return root, nil
}

func isGoRoot(dir string) bool {
	info, err := os.Stat(filepath.Join(dir, "src", "runtime"))
	return err == nil && info.IsDir()
}
