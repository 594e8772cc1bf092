//go:build !unix

package input

import "os"

// openFile opens path for reading.
func openFile(path string) (*os.File, error) { return os.Open(path) }
