package replay

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// writeShim writes Shim/zero with the command's flags, paths made
// absolute since the client may run it from anywhere.
func (c *Command) writeShim() error {
	if _, err := os.Stat(c.Fixture); err != nil {
		return err
	}
	self, err := os.Executable()
	if err != nil {
		return fmt.Errorf("cannot find the zsj binary for the shim: %w", err)
	}
	var args []string
	var absErr error
	for _, f := range c.Given {
		v := f.Value
		switch {
		case f.Name == "shim", f.Name == "fixture", f.Name == "color", f.Name == "help":
			continue
		case f.Name == "capture-input":
			v, absErr = absPath(v, absErr)
		case f.Name == "expect-prompt" && strings.HasPrefix(v, "@") && !strings.HasPrefix(v, "@@"):
			v, absErr = absPath(v[1:], absErr)
			v = "@" + v
		}
		args = append(args, "--"+f.Name+"="+v)
	}
	fixture, err := absPath(c.Fixture, absErr)
	if err != nil {
		return err
	}
	args = append([]string{"--fixture=" + fixture}, args...)
	dir, err := filepath.Abs(c.Shim)
	if err != nil {
		return err
	}
	path, err := WriteShim(dir, self, args)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintln(c.Stdout, path)
	return err
}

// absPath makes p absolute, unless an earlier path failed.
func absPath(p string, prev error) (string, error) {
	if prev != nil {
		return p, prev
	}
	return filepath.Abs(p)
}
