package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/zsj-dev/zsj/replay"
)

// writeShim writes DIR/zero with this command's flags, paths made
// absolute since the client may run it from anywhere.
func writeShim(a *app, cmd *cobra.Command, f replayFlags) error {
	if _, err := os.Stat(f.fixture); err != nil {
		return err
	}
	self, err := os.Executable()
	if err != nil {
		return fmt.Errorf("cannot find the zsj binary for the shim: %w", err)
	}
	var args []string
	var walkErr error
	cmd.Flags().Visit(func(fl *pflag.Flag) {
		switch fl.Name {
		case "shim", "fixture", "color", "help":
			return
		}
		values := []string{fl.Value.String()}
		if sv, ok := fl.Value.(pflag.SliceValue); ok {
			values = sv.GetSlice()
		}
		for _, v := range values {
			switch {
			case fl.Name == "capture-input":
				v, walkErr = absPath(v, walkErr)
			case fl.Name == "expect-prompt" && strings.HasPrefix(v, "@") && !strings.HasPrefix(v, "@@"):
				v, walkErr = absPath(v[1:], walkErr)
				v = "@" + v
			}
			args = append(args, "--"+fl.Name+"="+v)
		}
	})
	fixture, err := absPath(f.fixture, walkErr)
	if err != nil {
		return err
	}
	args = append([]string{"--fixture=" + fixture}, args...)
	dir, err := filepath.Abs(f.shim)
	if err != nil {
		return err
	}
	path, err := replay.WriteShim(dir, self, args)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintln(a.io.Out, path)
	return err
}

func absPath(p string, prev error) (string, error) {
	if prev != nil {
		return p, prev
	}
	return filepath.Abs(p)
}
