package atomicfile

import (
	"errors"
	"fmt"
	"github.com/zsj-dev/zsj/internal/interrupt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// temp is the file Write writes to before it takes the place of the file
// it replaces. Where the system can, it has no name until it is complete
// (see openUnnamed), so a process killed while writing leaves nothing
// behind; otherwise its name says which process owns it (tempName), so a
// later run can tell a temporary file whose owner died from one being
// written (RemoveStale).
type temp struct {
	f    *os.File
	dir  string
	base string // the name of the file it will replace
	name string // its path, "" while it has none
	// forget unregisters the removal of the name at a forced exit
	// (see interrupt.OnForcedExit); nil while it has none.
	forget func()
}

// newTemp creates the temporary file for replacing dir/base.
func newTemp(dir, base string) (*temp, error) {
	t := &temp{dir: dir, base: base}
	if f, err := openUnnamed(dir); err == nil {
		t.f = f
		return t, nil
	}
	f, name, err := createNamed(dir, base)
	if err != nil {
		return nil, err
	}
	t.f = f
	t.setName(name)
	return t, nil
}

// setName records the temporary file's name, to be removed if the
// process is ended before the file is in place.
func (t *temp) setName(name string) {
	t.name = name
	t.forget = interrupt.OnForcedExit(func() { os.Remove(name) })
}

// settled says the name needs no removal at a forced exit any more: the
// file is in place, or already removed.
func (t *temp) settled() {
	if t.forget != nil {
		t.forget()
	}
}

// createNamed creates a new temporary file for dir/base, named after
// the running process.
func createNamed(dir, base string) (*os.File, string, error) {
	for range 100 {
		name := filepath.Join(dir, tempName(base, os.Getpid(), rand.Uint32()))
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		return f, name, err
	}
	return nil, "", fmt.Errorf("no unused temporary file name in %s", dir)
}

// named gives the complete temporary file a name, if it has none yet, and
// closes it. Only a named file can be renamed into place; from here to
// that rename the name says who owns the file.
func (t *temp) named() (string, error) {
	if t.name == "" {
		name, err := linkUnnamed(t.f, t.dir, t.base)
		if err != nil {
			return "", err
		}
		t.setName(name)
	}
	return t.name, t.f.Close()
}

// discard closes the temporary file and removes its name, if it has one:
// an unnamed one vanishes with its last descriptor.
func (t *temp) discard() {
	t.f.Close()
	if t.name != "" {
		os.Remove(t.name)
		t.settled()
	}
}

// The parts of a temporary file's name: "." + the replaced file's name +
// tempMark + owner pid + "-" + random hex + tempSuffix. A file is taken
// for one of ours only when its name parses back (parseTempName).
const (
	tempMark   = ".zsj-"
	tempSuffix = ".tmp"
)

// tempName names a temporary file for replacing base, owned by pid.
func tempName(base string, pid int, random uint32) string {
	return "." + base + tempMark + strconv.Itoa(pid) + "-" + strconv.FormatUint(uint64(random), 16) + tempSuffix
}

// parseTempName returns the owner of a temporary file named by tempName,
// and false for any other name.
func parseTempName(name string) (pid int, ok bool) {
	rest, ok := strings.CutSuffix(name, tempSuffix)
	if !ok || !strings.HasPrefix(rest, ".") {
		return 0, false
	}
	i := strings.LastIndex(rest, tempMark)
	if i < 2 { // "." and at least one byte of the replaced file's name
		return 0, false
	}
	owner, random, ok := strings.Cut(rest[i+len(tempMark):], "-")
	if !ok || random == "" || strings.Trim(random, "0123456789abcdef") != "" {
		return 0, false
	}
	pid, err := strconv.Atoi(owner)
	if err != nil || pid <= 0 || strconv.Itoa(pid) != owner {
		return 0, false
	}
	return pid, true
}
