package atomicfile

import (
	"errors"
	"fmt"
	"github.com/zsj-dev/zsj/internal/interrupt"
	"hash/fnv"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
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
	closed bool // f is closed (see named)
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
		name := filepath.Join(dir, tempName(base, self(), rand.Uint32()))
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		return f, name, err
	}
	return nil, "", fmt.Errorf("no unused temporary file name in %s", dir)
}

// named gives the complete temporary file a name, if it has none yet.
// Only a named file can be renamed into place; from here to that rename
// the name says who owns the file, and a kill leaves it behind (for
// RemoveStale to clear). A file named from the start is closed here, as
// before any rename (some systems refuse to rename an open file); one
// named now stays open, so that nothing comes between the naming and the
// rename, and is closed after it (closeAfterRename).
func (t *temp) named() (string, error) {
	if t.name != "" {
		t.closed = true
		return t.name, t.f.Close()
	}
	name, err := linkUnnamed(t.f, t.dir, t.base)
	if err != nil {
		return "", err
	}
	t.setName(name)
	return name, nil
}

// closeAfterRename closes a file that named left open. Its content was
// made durable before it was named (see finish), so a close error cannot
// mean lost data: the new file is in place.
func (t *temp) closeAfterRename() {
	if !t.closed {
		t.f.Close()
	}
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
// tempMark + host tag + "-" + owner pid + "-" + random hex + tempSuffix.
// A file is taken for one of ours only when its name parses back
// (parseTempName).
const (
	tempMark   = ".zsj-"
	tempSuffix = ".tmp"
)

// owner is who wrote a temporary file: a process id means something only
// on the host that ran it, and a folder may be shared between hosts (a
// network file system, a volume mounted in several containers).
type owner struct {
	host string // hostTag of the host
	pid  int
}

// thisHost is the running host's tag, "" when the host has no name to
// tell it from another.
var thisHost = sync.OnceValue(func() string {
	name, err := os.Hostname()
	if err != nil || name == "" {
		return ""
	}
	return hostTag(name)
})

// hostTag is a fixed-width tag for a host name: the name itself may be
// long and holds the "-" the temporary name uses as a separator.
func hostTag(name string) string {
	h := fnv.New32a()
	h.Write([]byte(name))
	return fmt.Sprintf("%08x", h.Sum32())
}

// self is the owner of the temporary files this process writes; a host
// without a name writes tag 00000000, which RemoveStale never takes for
// its own.
func self() owner {
	host := thisHost()
	if host == "" {
		host = unknownHost
	}
	return owner{host, os.Getpid()}
}

const unknownHost = "00000000"

// HostTag is the tag the names of this host's temporary files carry, for
// tests elsewhere that lay out what a killed run leaves.
func HostTag() string { return self().host }

// HostNamed reports whether this host has a name: without one,
// RemoveStale removes nothing.
func HostNamed() bool { return thisHost() != "" }

// tempName names a temporary file for replacing base, owned by o.
func tempName(base string, o owner, random uint32) string {
	return "." + base + tempMark + o.host + "-" + strconv.Itoa(o.pid) + "-" + strconv.FormatUint(uint64(random), 16) + tempSuffix
}

// parseTempName returns the owner of a temporary file named by tempName,
// and false for any other name.
func parseTempName(name string) (o owner, ok bool) {
	rest, ok := strings.CutSuffix(name, tempSuffix)
	if !ok || !strings.HasPrefix(rest, ".") {
		return owner{}, false
	}
	i := strings.LastIndex(rest, tempMark)
	if i < 2 { // "." and at least one byte of the replaced file's name
		return owner{}, false
	}
	parts := strings.Split(rest[i+len(tempMark):], "-")
	if len(parts) != 3 {
		return owner{}, false
	}
	host, pidText, random := parts[0], parts[1], parts[2]
	if len(host) != 8 || !lowerHex(host) || random == "" || !lowerHex(random) {
		return owner{}, false
	}
	pid, err := strconv.Atoi(pidText)
	if err != nil || pid <= 0 || strconv.Itoa(pid) != pidText {
		return owner{}, false
	}
	return owner{host, pid}, true
}

func lowerHex(s string) bool { return strings.Trim(s, "0123456789abcdef") == "" }
