//go:build !linux

package atomicfile

import (
	"errors"
	"os"
)

// openUnnamed is Linux's alone: elsewhere every temporary file has a name.
func openUnnamed(string) (*os.File, error) { return nil, errors.ErrUnsupported }

func linkUnnamed(*os.File, string, string) (string, error) {
	return "", errors.ErrUnsupported
}
