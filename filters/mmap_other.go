//go:build !linux

package filters

import (
	"errors"
	"os"
)

// mapFile is not used on this system: files are read into buffers.
func mapFile(f *os.File, offset, size int64) ([]byte, func(), error) {
	return nil, nil, errors.ErrUnsupported
}
