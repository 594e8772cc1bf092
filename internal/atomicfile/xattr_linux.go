package atomicfile

import (
	"bytes"
	"errors"
	"os"

	"golang.org/x/sys/unix"
)

// keepXattrs copies the extended attributes of the file at from to f. An
// attribute the system will not set for this user (trusted.*, security.*
// for non-root) is skipped, as an owner that cannot be kept is; any other
// failure fails the write, so that user attributes are never dropped
// silently. A file system without extended attributes has none to keep.
func keepXattrs(from string, f *os.File) error {
	names, err := listXattrs(from)
	if err != nil {
		if errors.Is(err, unix.ENOTSUP) {
			return nil
		}
		return err
	}
	fd := int(f.Fd())
	for _, name := range names {
		value, err := getXattr(from, name)
		if err != nil {
			return err
		}
		err = unix.Fsetxattr(fd, name, value, 0)
		if errors.Is(err, unix.EPERM) || errors.Is(err, unix.ENOTSUP) {
			continue
		}
		if err != nil {
			return &os.PathError{Op: "setxattr " + name, Path: f.Name(), Err: err}
		}
	}
	return nil
}

// listXattrs returns the names of from's extended attributes.
func listXattrs(from string) ([]string, error) {
	buf, err := sized(func(b []byte) (int, error) { return unix.Listxattr(from, b) })
	if err != nil {
		return nil, &os.PathError{Op: "listxattr", Path: from, Err: err}
	}
	var names []string
	for _, n := range bytes.Split(buf, []byte{0}) {
		if len(n) > 0 {
			names = append(names, string(n))
		}
	}
	return names, nil
}

func getXattr(from, name string) ([]byte, error) {
	v, err := sized(func(b []byte) (int, error) { return unix.Getxattr(from, name, b) })
	if err != nil {
		return nil, &os.PathError{Op: "getxattr " + name, Path: from, Err: err}
	}
	return v, nil
}

// sized calls an xattr call that fills b, first with no buffer to learn
// the size, again if the value grew in between.
func sized(call func(b []byte) (int, error)) ([]byte, error) {
	for {
		n, err := call(nil)
		if err != nil || n == 0 {
			return nil, err
		}
		b := make([]byte, n)
		n, err = call(b)
		if errors.Is(err, unix.ERANGE) {
			continue
		}
		if err != nil {
			return nil, err
		}
		return b[:n], nil
	}
}
